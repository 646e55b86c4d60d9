import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { expect, holdToast, onboard, test } from '../support/fixtures.ts';
import { localDay, seed, task, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// The Kanban board (docs/product.md, Kanban board; Scoring, levels and streaks).

function boardWorkspace(score = 0) {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['write', 'plan'] },
      { id: 'doing', title: 'In progress', itemIds: ['build'] },
      { id: 'review', title: 'Under review', itemIds: [] },
      { id: 'finished', title: 'Finished', itemIds: ['shipped'] },
    ],
    items: [
      task({ id: 'write', content: 'Write the launch post', priority: 'high', tags: ['marketing'], dueDate: localDay(-1) }),
      task({ id: 'plan', content: 'Plan the sprint', priority: 'low', tags: ['team'] }),
      task({ id: 'build', content: 'Build the board', tags: ['code'] }),
      task({ id: 'shipped', content: 'Ship the beta' }),
    ],
    garden: ['write', 'plan', 'build', 'shipped'].map((id, index) => ({
      id, sourceId: id, sourceType: 'task', growthStage: index === 3 ? 3 : 0, status: 'healthy', createdAt: `2026-03-01T09:0${index}:00.000Z`,
    })),
    gamification: { score, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] },
  });
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('Create Task: a blank title is refused with the error toast, then the task lands on top of To-do', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(board.dialog).toBeVisible();
  await board.dialog.getByLabel('Title').fill('   ');
  await board.dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task title cannot be empty.').first()).toBeVisible();
  await expect(board.dialog).toBeVisible();
  expect(await board.titles('To-do')).toEqual(['Write the launch post', 'Plan the sprint']);

  await board.dialog.getByLabel('Title').fill('  Call the printer  ');
  await board.dialog.getByLabel('Description').fill('Ask about paper');
  await board.dialog.getByLabel('Priority').selectOption('high');
  await board.dialog.getByLabel('Tags').fill(' print, , urgent ');
  await board.dialog.getByLabel('Due date').fill(localDay(3));
  await board.dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(board.dialog).toBeHidden();
  await expect.poll(() => board.titles('To-do')).toEqual(['Call the printer', 'Write the launch post', 'Plan the sprint']);
  const card = board.card('Call the printer');
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['print', 'urgent']);
  await expect(card).toContainText('High');
  await expect(card).toContainText('Due ');
  await expect(board.column('To-do').getByText('3 tasks')).toBeAttached();

  // A column's own Add Task fills that column.
  await board.column('Under review').getByRole('button', { name: 'Add Task to Under review' }).click();
  await board.dialog.getByLabel('Title').fill('Review the copy');
  await board.dialog.getByLabel('Title').press('Enter');
  await expect(board.dialog).toBeHidden();
  await expect.poll(() => board.titles('Under review')).toEqual(['Review the copy']);
});

test('what is typed in the new-task dialog survives a reload, and Cancel forgets it (decision 064)', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await board.dialog.getByLabel('Title').pressSequentially('Call the printer');
  await board.dialog.getByLabel('Description').pressSequentially('Ask about paper');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
  await expect(board.dialog).toBeHidden();

  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(board.dialog.getByLabel('Title')).toHaveValue('Call the printer');
  await expect(board.dialog.getByLabel('Description')).toHaveValue('Ask about paper');
  await board.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(board.dialog).toBeHidden();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(board.dialog.getByLabel('Title')).toHaveValue('');
});

test('a column title typed without Enter survives a reload (decision 064)', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.column('In progress').getByRole('button', { name: 'In progress', exact: true }).click();
  const title = page.getByRole('textbox', { name: 'Column title' });
  await expect(title).toBeFocused();
  await page.keyboard.type('Doing now');
  await page.reload();
  await expect.poll(() => board.columnTitles()).toEqual(['To-do', 'Doing now', 'Under review', 'Finished']);
});

test('a card opens for editing by click and by Enter, and saves with the update toast', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.cardHandle('Plan the sprint').click();
  await expect(board.dialog.getByLabel('Title')).toHaveValue('Plan the sprint');
  await expect(board.dialog.getByLabel('Tags')).toHaveValue('team');
  await expect(board.dialog.getByLabel('Priority')).toHaveValue('low');
  await board.dialog.getByLabel('Title').fill('Plan the next sprint');
  await board.dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated successfully!')).toBeVisible();
  await expect(board.card('Plan the next sprint')).toBeVisible();

  await board.cardHandle('Build the board').focus();
  await page.keyboard.press('Enter');
  await expect(board.dialog.getByLabel('Title')).toHaveValue('Build the board');
  await page.keyboard.press('Escape');
  await expect(board.dialog).toBeHidden();
  await expect(board.cardHandle('Build the board')).toBeFocused();
});

test('deleting a task asks first, removes it and its tree, and offers Undo', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.card('Plan the sprint').hover();
  await page.getByRole('button', { name: 'Delete Plan the sprint' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to permanently delete "Plan the sprint"? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(board.card('Plan the sprint')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Plan the sprint' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(board.card('Plan the sprint')).toHaveCount(0);
  const deleted = page.getByRole('listitem').filter({ hasText: 'Task deleted.' });
  await holdToast(deleted);
  await board.waitUntilSaved();
  // No trace of the task is left anywhere in the stored workspace.
  const stored = await storedData(page);
  expect(stored).not.toBeNull();
  expect(JSON.stringify(stored)).not.toContain('"plan"');

  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(board.card('Plan the sprint')).toBeVisible();
});

test('columns: add (named Column 5, title in edit), rename inline, Escape keeps the title, delete with its count', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await page.getByRole('button', { name: 'Add Column' }).click();
  const titleField = page.getByRole('textbox', { name: 'Column title' });
  await expect(titleField).toHaveValue('Column 5');
  await titleField.fill('Ideas');
  await titleField.press('Enter');
  await expect(board.column('Ideas')).toBeVisible();
  await expect(board.column('Ideas').getByRole('button', { name: 'Ideas', exact: true })).toBeFocused();

  await board.column('Ideas').getByRole('button', { name: 'Ideas', exact: true }).click();
  await titleField.fill('Scrap');
  await titleField.press('Escape');
  await expect(board.column('Ideas')).toBeVisible();
  await board.column('Ideas').getByRole('button', { name: 'Ideas', exact: true }).click();
  await titleField.fill('   ');
  await titleField.blur();
  await expect(board.column('Ideas')).toBeVisible();

  await board.column('In progress').getByRole('button', { name: 'Actions for column In progress' }).click();
  await page.getByRole('menuitem', { name: 'Delete Column' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the column “In progress”?');
  await expect(confirm).toContainText('Its 1 task goes with it');
  await confirm.getByRole('button', { name: 'Delete Column' }).click();
  await expect(board.column('In progress')).toHaveCount(0);
  await expect.poll(() => board.columnTitles()).toEqual(['To-do', 'Under review', 'Finished', 'Ideas']);
});

test('a column reorders by keyboard on its handle', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await page.getByRole('button', { name: 'Move column To-do' }).focus();
  await page.keyboard.press('Space');
  await board.press('ArrowRight', 15);
  await page.keyboard.press('Space');
  await expect.poll(() => board.columnTitles()).toEqual(['In progress', 'To-do', 'Under review', 'Finished']);
});

test('a card dragged with the mouse onto another column lands at its end; onto a card, at that card\'s place', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.drag(board.cardHandle('Plan the sprint'), board.column('Under review').getByRole('list'));
  await expect.poll(() => board.titles('Under review')).toEqual(['Plan the sprint']);
  expect(await board.titles('To-do')).toEqual(['Write the launch post']);
  await expect(board.dialog).toBeHidden();

  await board.drag(board.cardHandle('Write the launch post'), board.cardHandle('Build the board'), { y: -5 });
  await expect.poll(() => board.titles('In progress')).toEqual(['Write the launch post', 'Build the board']);
});

test('a card moves by keyboard (Space, arrows, Space) and the moves are announced', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.cardHandle('Plan the sprint').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('#DndLiveRegion-0, [id^="DndLiveRegion"]').first()).toContainText('Picked up Plan the sprint.');
  await board.press('ArrowRight', 15);
  await page.keyboard.press('Space');
  await expect.poll(() => board.titles('In progress')).toContain('Plan the sprint');
  await expect(page.locator('[id^="DndLiveRegion"]').first()).toContainText('Plan the sprint was dropped');
  await expect(board.dialog).toBeHidden();

  // Escape cancels a drag: nothing moves.
  await board.cardHandle('Write the launch post').focus();
  await page.keyboard.press('Space');
  await board.press('ArrowRight', 15);
  await page.keyboard.press('Escape');
  // The card goes back to where it was picked up (it may have been drawn in another column during the drag).
  await expect(page.locator('[id^="DndLiveRegion"]').first()).toContainText('Dragging was cancelled');
  await expect.poll(() => board.titles('To-do')).toEqual(['Write the launch post']);
});

test('Move to… completes a task into Finished: points, level, decoration, streak and its tree', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace(95));
  await board.open();
  await board.card('Build the board').hover();
  await page.getByRole('button', { name: 'Actions for Build the board' }).click();
  await expect(page.getByRole('menu')).toContainText('Move to…');
  await page.getByRole('menuitem', { name: 'Finished' }).click();
  await expect.poll(() => board.titles('Finished')).toEqual(['Ship the beta', 'Build the board']);
  const toast = page.getByRole('listitem').filter({ hasText: 'Task completed! +10 GP' });
  await expect(toast).toContainText('Level 2 reached');
  await expect(toast).toContainText('Flowers unlocked in your garden');

  await page.getByRole('link', { name: 'My Garden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Garden' })).toBeVisible();
  await expect(page.getByText('105 GP')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Day Streak');
  await expect(page.getByRole('img', { name: 'Build the board: Sapling - healthy' })).toBeVisible();
  // Shown from memory at once; stored by the save that follows the move (250 ms later, or more on a busy machine).
  const gamification = async () => (await storedData(page))?.gamification;
  await expect.poll(gamification).toMatchObject({ score: 105, level: 2, streak: 1, unlockedDecorations: ['flowers'] });
});

test('the filter bar hides cards that do not match, keeps the order, and lives in the address', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('sprint');
  await expect.poll(() => board.titles('To-do')).toEqual(['Plan the sprint']);
  await expect(board.column('To-do').getByText('1 of 2 tasks shown')).toBeAttached();
  await expect(board.column('In progress')).toContainText('No matching tasks');
  await expect(page).toHaveURL(/\?q=sprint/);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('combobox', { name: 'Priority' }).selectOption('high');
  await expect.poll(() => board.titles('To-do')).toEqual(['Write the launch post']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveValue('high');
  await expect.poll(() => board.titles('To-do')).toEqual(['Write the launch post']);

  await page.getByRole('combobox', { name: 'Priority' }).selectOption('all');
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('code');
  // 'Build the board' is In progress's only card with or without the filter: wait for To-do to empty, then look.
  await expect.poll(() => board.titles('To-do')).toEqual([]);
  expect(await board.titles('In progress')).toEqual(['Build the board']);
});

test('an overdue card is marked', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await expect(board.card('Write the launch post')).toContainText('Overdue');
  await expect(board.card('Plan the sprint')).not.toContainText('Overdue');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the board and its task dialog pass axe in the ${theme} theme`, async ({ page }) => {
    const board = new BoardPage(page);
    await seed(page, boardWorkspace(), theme);
    await board.open();
    await expect(board.card('Build the board')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await board.cardHandle('Build the board').click();
    await expect(board.dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('Clear Completed, on the Finished column only, removes its tasks after a confirm and keeps their trees', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await board.open();
  await board.column('To-do').getByRole('button', { name: 'Actions for column To-do' }).click();
  await expect(page.getByRole('menuitem', { name: 'Clear Completed' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await board.column('Finished').getByRole('button', { name: 'Actions for column Finished' }).click();
  await page.getByRole('menuitem', { name: 'Clear Completed' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('The 1 task in Finished will be removed from the board. Its tree stays in your garden.');
  await confirm.getByRole('button', { name: 'Clear Completed' }).click();
  await expect(board.column('Finished')).toContainText('No tasks yet');
  await expect(page.getByText('1 completed task cleared.')).toBeVisible();
  await board.waitUntilSaved();
  const stored = await storedData(page);
  expect(stored?.garden.map((entry) => entry.id)).toContain('shipped');
});

test('links from other screens open a task\'s modal (?task=) and the create modal (?new=1)', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, boardWorkspace());
  await page.goto('/kanban-board?task=build');
  await expect(board.dialog.getByLabel('Title')).toHaveValue('Build the board');
  await expect(page).toHaveURL(/\/kanban-board$/);
  await page.keyboard.press('Escape');
  await page.goto('/kanban-board?new=1');
  await expect(board.dialog.getByRole('heading', { name: 'Create Task' })).toBeVisible();
});

/** A word no line break can fall inside, and a title as long as a pasted paragraph. */
const UNBROKEN = 'Supercalifragilisticexpialidocious_with_an_unbroken_identifier_1234567890';
const PARAGRAPH = `${UNBROKEN} ${'and the title goes on for another line '.repeat(8)}`.trim();

function longTextWorkspace() {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['long'] },
      { id: 'doing', title: 'In progress', itemIds: [] },
      { id: 'review', title: 'Under review', itemIds: [] },
      { id: 'finished', title: 'Finished', itemIds: [] },
    ],
    items: [task({ id: 'long', content: PARAGRAPH, description: UNBROKEN, tags: [UNBROKEN] })],
  });
}

test('at 1280 px the board fades the side where columns are cut off; a long title is clamped, whole in its tooltip', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, longTextWorkspace());
  await board.open();
  // Four 350 px columns do not fit beside the sidebar: the right side fades until the board is scrolled to its end.
  const scroller = page.locator('div:has(> section[data-column-id])');
  await expect(scroller).toHaveAttribute('data-fade-end', 'true');
  await expect(scroller).not.toHaveAttribute('data-fade-start');
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(scroller).toHaveAttribute('data-fade-start', 'true');
  await expect(scroller).not.toHaveAttribute('data-fade-end');

  const title = board.card(PARAGRAPH).locator('p[title]');
  await expect(title).toHaveAttribute('title', PARAGRAPH);
  expect(await title.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  const handle = board.cardHandle(PARAGRAPH);
  expect(await handle.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('long words wrap inside the card and its edit dialog: nothing is wider than the screen', async ({ page }) => {
    const board = new BoardPage(page);
    await seed(page, longTextWorkspace());
    await board.open();
    const handle = board.cardHandle(PARAGRAPH);
    await expect(handle).toBeVisible();
    expect(await handle.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await handle.click();
    await expect(board.dialog.getByLabel('Title')).toHaveValue(PARAGRAPH);
    const box = await board.dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expect(board.dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

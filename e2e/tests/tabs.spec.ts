import { REPLICA_FORMAT_VERSION } from '@grove/domain/replica/stored-workspace';
import type { BrowserContext, Page } from '@playwright/test';
import { BoardPage } from '../support/board.ts';
import { canGoDeaf, setDeaf } from '../support/deaf-tab.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { page as seedPage, seed, task, workspace } from '../support/seed.ts';
import { storedData, storedText } from '../support/stored-workspace.ts';

// Two tabs of one browser on one workspace (docs/decisions/061-yjs-merge-engine.md): their edits merge, at once,
// and survive a reload; undo in one never reverts the other's edit; the earlier stored format is upgraded.

function twoTabWorkspace() {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['write', 'plan'] },
      { id: 'doing', title: 'In progress', itemIds: ['build'] },
      { id: 'finished', title: 'Finished', itemIds: [] },
    ],
    items: [
      task({ id: 'write', content: 'Write the launch post' }),
      task({ id: 'plan', content: 'Plan the sprint' }),
      task({ id: 'build', content: 'Build the board' }),
    ],
    pages: [{ ...seedPage({ id: 'page-notes', title: 'Notes' }), content: [{ id: 'block-notes', type: 'paragraph', content: 'middle' }] }],
  });
}

/** The first tab seeds the workspace (in the earlier format, upgraded on load); the second opens on what it stored. */
async function openTwoTabs(page: Page, context: BrowserContext, path: string): Promise<Page> {
  await onboard(page);
  await seed(page, twoTabWorkspace());
  await page.goto(path);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const second = await context.newPage();
  await onboard(second);
  // The second tab can stop hearing the first, as a frozen tab would.
  await canGoDeaf(second);
  await second.goto(path);
  return second;
}

async function moveTo(tab: Page, board: BoardPage, title: string, column: string): Promise<void> {
  await board.card(title).hover();
  await tab.getByRole('button', { name: `Actions for ${title}` }).click();
  await tab.getByRole('menuitem', { name: column }).click();
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

test('typing in one page in two tabs at once keeps every character, each where it was typed, in both tabs and after a reload', async ({ page, context }) => {
  const other = await openTwoTabs(page, context, '/notes-and-docs/page-notes');
  // One tab types at the start of the block, the other at its end, at the same time.
  await editor(page).click();
  await page.keyboard.press('Home');
  await editor(other).click();
  await other.keyboard.press('End');
  const typedA = 'aaaaaaaaaaaaaaaaaaaa';
  const typedB = 'bbbbbbbbbbbbbbbbbbbb';
  await Promise.all([page.keyboard.type(typedA, { delay: 15 }), other.keyboard.type(typedB, { delay: 15 })]);
  // Every character is kept, and each tab's caret moved along with the other's text, so each run is whole.
  const expected = `${typedA}middle${typedB}`;
  for (const tab of [page, other]) await expect.poll(() => editor(tab).textContent()).toBe(expected);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await page.reload();
  await expect.poll(() => editor(page).textContent()).toBe(expected);
  const stored = (await storedData(page))?.pages.find((candidate) => candidate.id === 'page-notes');
  expect(stored?.content.map((block) => block.content)).toEqual([expected]);
});

test('a rename in one tab and a move in the other both survive; a task moved in both tabs is in exactly one column', async ({ page, context }) => {
  const other = await openTwoTabs(page, context, '/kanban-board');
  const boardA = new BoardPage(page);
  const boardB = new BoardPage(other);
  await expect(boardB.card('Build the board')).toBeVisible();

  // A renames the task while B moves it.
  await page.goto('/kanban-board?task=build');
  await boardA.dialog.getByLabel('Title').fill('Build the new board');
  await moveTo(other, boardB, 'Build the board', 'To-do');
  await boardA.dialog.getByLabel('Title').press('Enter');
  for (const board of [boardA, boardB]) await expect.poll(() => board.titles('To-do')).toContain('Build the new board');

  // Both move the same task at once, to different columns (B does not hear A's move before making its own): it
  // ends in one column, the same in both tabs.
  await setDeaf(other, true);
  await moveTo(page, boardA, 'Plan the sprint', 'In progress');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await moveTo(other, boardB, 'Plan the sprint', 'Finished');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await setDeaf(other, false);
  const placesOf = async (board: BoardPage) => {
    const columns = await Promise.all(['To-do', 'In progress', 'Finished'].map(async (column) => (await board.titles(column)).filter((title) => title === 'Plan the sprint').length));
    return columns;
  };
  await expect.poll(async () => (await placesOf(boardA)).reduce((sum, count) => sum + count, 0)).toBe(1);
  await expect.poll(() => placesOf(boardB)).toEqual(await placesOf(boardA));
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  const stored = await storedData(other);
  expect(stored?.kanbanBoard.columns.flatMap((column) => column.itemIds).filter((id) => id === 'plan')).toEqual(['plan']);
  expect(stored?.kanbanBoard.items.build?.content).toBe('Build the new board');
});

test('undo in one tab reverts that tab\'s step and leaves the other tab\'s edit', async ({ page, context }) => {
  const other = await openTwoTabs(page, context, '/kanban-board');
  const boardA = new BoardPage(page);
  const boardB = new BoardPage(other);

  // A deletes a task; B then adds one to the same column; A's Undo brings the task back and keeps B's.
  await boardA.card('Plan the sprint').hover();
  await page.getByRole('button', { name: 'Delete Plan the sprint' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => boardB.titles('To-do')).toEqual(['Write the launch post']);
  await other.goto('/kanban-board?new=1');
  await boardB.dialog.getByLabel('Title').fill('Added in the other tab');
  await boardB.dialog.getByLabel('Title').press('Enter');
  await expect.poll(() => boardA.titles('To-do')).toContain('Added in the other tab');
  await page.locator('body').press('Control+z');
  await expect(page.getByText('Undone: Delete task')).toBeVisible();
  for (const board of [boardA, boardB]) {
    await expect.poll(async () => (await board.titles('To-do')).sort()).toEqual(['Added in the other tab', 'Plan the sprint', 'Write the launch post']);
  }

  // The history is the tab's since it opened: after a reload, Undo says there is nothing to undo.
  await page.reload();
  await expect.poll(() => boardA.titles('To-do')).toHaveLength(3);
  await page.locator('body').press('Control+z');
  await expect(page.getByText('Nothing to undo: this tab has made no change since it was opened.')).toBeVisible();
});

test('a workspace stored by the Grove before is upgraded on first load, with nothing lost and a "Before upgrade" restore point', async ({ page }) => {
  await onboard(page);
  await seed(page, twoTabWorkspace());
  await page.goto('/settings');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect.poll(async () => (await storedText(page))?.startsWith(`{"schemaVersion":${REPLICA_FORMAT_VERSION},`)).toBe(true);
  const data = await storedData(page);
  expect(Object.values(data?.kanbanBoard.items ?? {}).map((item) => item.content).sort()).toEqual(['Build the board', 'Plan the sprint', 'Write the launch post']);
  expect(data?.pages.map((entry) => entry.title)).toEqual(['Notes']);
  await expect(page.getByText('Before a data upgrade')).toBeVisible();
});

test('a tab opened later gets a change the first tab has not stored yet', async ({ page, context }) => {
  await onboard(page);
  await seed(page, twoTabWorkspace());
  const boardA = new BoardPage(page);
  await boardA.open();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  // From here the first tab's writes do not reach the storage (as if it had not saved yet): its change is only in
  // its memory.
  await page.evaluate(() => {
    const { setItem } = Object.getOwnPropertyDescriptors(Storage.prototype);
    Object.defineProperty(Storage.prototype, 'setItem', {
      ...setItem,
      value(this: Storage, key: string, value: string) {
        if (key !== 'grove-data') (setItem?.value as (this: Storage, key: string, value: string) => void).call(this, key, value);
      },
    });
  });
  await moveTo(page, boardA, 'Plan the sprint', 'Finished');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  expect((await storedData(page))?.kanbanBoard.columns.find((column) => column.id === 'finished')?.itemIds).toEqual([]);

  const other = await context.newPage();
  await onboard(other);
  const boardB = new BoardPage(other);
  await boardB.open();
  await expect.poll(() => boardB.titles('Finished')).toEqual(['Plan the sprint']);
});

test('one task completed in two tabs at once scores once; two tasks completed at once both score', async ({ page, context }) => {
  const other = await openTwoTabs(page, context, '/kanban-board');
  const boardA = new BoardPage(page);
  const boardB = new BoardPage(other);
  await expect(boardB.card('Build the board')).toBeVisible();
  // B does not hear A while both complete the same task, then each completes a task of its own.
  await setDeaf(other, true);
  await moveTo(page, boardA, 'Build the board', 'Finished');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await moveTo(other, boardB, 'Build the board', 'Finished');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await moveTo(page, boardA, 'Plan the sprint', 'Finished');
  await moveTo(other, boardB, 'Write the launch post', 'Finished');
  await expect(other.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await setDeaf(other, false);
  // Three tasks completed, the first twice at the same time: 30 points, the same in both tabs and stored.
  await expect.poll(async () => (await storedData(page))?.gamification.score).toBe(30);
  for (const tab of [page, other]) {
    await tab.getByRole('link', { name: 'My Garden' }).click();
    await expect(tab.getByText('30 GP')).toBeVisible();
  }
});

import type { Locator, Page } from '@playwright/test';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { seed, task, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// Mouse drags where a column's card list has to scroll (issue 34; docs/product.md, Kanban board).

const TODO_TITLES = Array.from({ length: 30 }, (_, index) => `Todo ${index + 1}`);

/** To-do holds 30 cards, far more than its list shows (and more than the 25 a column draws at first). */
function longColumnWorkspace() {
  const todo = TODO_TITLES.map((content, index) => task({ id: `todo-${index + 1}`, content }));
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: todo.map((item) => item.id) },
      { id: 'doing', title: 'In progress', itemIds: ['build'] },
      { id: 'review', title: 'Under review', itemIds: [] },
      { id: 'finished', title: 'Finished', itemIds: [] },
    ],
    items: [...todo, task({ id: 'build', content: 'Build the board' })],
  });
}

const scrollTop = (list: Locator) => list.evaluate((element) => element.scrollTop);
/** How far a list is from the end of its scrolling. */
const distanceToEnd = (list: Locator) => list.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);

/** The titles of a column's tasks as stored, in order. */
async function storedTitles(page: Page, columnId: string): Promise<string[] | undefined> {
  const board = (await storedData(page))?.kanbanBoard;
  return board?.columns.find((column) => column.id === columnId)?.itemIds.map((id) => board.items[id]?.content ?? id);
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('a card held past the bottom edge of another column\'s list scrolls that list to its end and drops after its last card', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, longColumnWorkspace());
  await board.open();
  const list = board.cardList('To-do');
  const box = await list.boundingBox();
  if (!box) throw new Error('the To-do list is not visible');
  expect(await distanceToEnd(list)).toBeGreaterThan(1000);
  // A full column fits the window: the lists scroll, the page does not (it took a drag's scroll once, 16 px).
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);

  await board.pickUp(board.cardHandle('Build the board'));
  // Just past the list's bottom edge (over the column's own footer), and held there.
  await board.moveTo(box.x + box.width / 2, box.y + box.height + 16);
  await expect.poll(() => scrollTop(list)).toBeGreaterThan(0);
  // On to the end: the column draws its last five cards as its end comes near, and the list scrolls to them too.
  await expect(board.card('Todo 30')).toBeAttached();
  await expect.poll(() => distanceToEnd(list)).toBeLessThanOrEqual(1);
  await expect(board.card('Todo 30')).toBeInViewport();
  await board.drop();

  await expect.poll(() => board.titles('To-do')).toEqual([...TODO_TITLES, 'Build the board']);
  await expect(board.card('Build the board')).toBeInViewport();
  expect(await board.titles('In progress')).toEqual([]);
  await expect.poll(() => storedTitles(page, 'todo')).toEqual([...TODO_TITLES, 'Build the board']);
});

test('a card held at the top edge of a list scrolled down scrolls it back to its start and drops first', async ({ page }) => {
  const board = new BoardPage(page);
  await seed(page, longColumnWorkspace());
  await board.open();
  const list = board.cardList('To-do');
  await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(() => scrollTop(list)).toBeGreaterThan(1000);
  const box = await list.boundingBox();
  if (!box) throw new Error('the To-do list is not visible');

  await board.pickUp(board.cardHandle('Build the board'));
  // Inside the list, near its top edge: the column's header is just above.
  await board.moveTo(box.x + box.width / 2, box.y + 8);
  await expect.poll(() => scrollTop(list)).toBe(0);
  await expect(board.card('Todo 1')).toBeInViewport();
  await board.drop();

  await expect.poll(() => board.titles('To-do')).toEqual(['Build the board', ...TODO_TITLES]);
  await expect.poll(() => storedTitles(page, 'todo')).toEqual(['Build the board', ...TODO_TITLES]);
});

test('on a fresh board, the 4th card of To-do, cut off by the column\'s end, drags with the mouse at the first attempt', async ({ page }) => {
  const board = new BoardPage(page);
  await board.open();
  // Three new tasks land on top of the sample one, which becomes the 4th.
  for (const title of ['Third', 'Second', 'First']) {
    await page.getByRole('button', { name: 'Create Task' }).click();
    await board.dialog.getByLabel('Title').fill(title);
    await board.dialog.getByLabel('Title').press('Enter');
    await expect(board.dialog).toBeHidden();
  }
  await expect.poll(() => board.titles('To-do')).toEqual(['First', 'Second', 'Third', 'Plan your week']);
  // The case reported: the card's lower part (and the middle of its box) is hidden by the list's end.
  const list = await board.cardList('To-do').boundingBox();
  const card = await board.cardHandle('Plan your week').boundingBox();
  expect(list && card && card.y + card.height / 2 > list.y + list.height).toBe(true);

  // Dropped on In progress's footer, well below its card (the page may scroll a little as the drag starts near
  // the window's bottom edge, so a point near the card's middle could fall on either side of it).
  await board.drag(board.cardHandle('Plan your week'), page.getByRole('button', { name: 'Add Task to In progress' }));
  await expect.poll(() => board.titles('In progress')).toEqual(['Try the Kanban board', 'Plan your week']);
  expect(await board.titles('To-do')).toEqual(['First', 'Second', 'Third']);
  await expect(board.dialog).toBeHidden();
  await expect.poll(() => storedTitles(page, 'in-progress')).toEqual(['Try the Kanban board', 'Plan your week']);
});

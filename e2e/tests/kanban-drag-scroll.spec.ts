import type { Page } from '@playwright/test';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { storedData } from '../support/stored-workspace.ts';

// Mouse drags where a column's card list has to scroll (issue 34; docs/product.md, Kanban board).

/** The titles of a column's tasks as stored, in order. */
async function storedTitles(page: Page, columnId: string): Promise<string[] | undefined> {
  const board = (await storedData(page))?.kanbanBoard;
  return board?.columns.find((column) => column.id === columnId)?.itemIds.map((id) => board.items[id]?.content ?? id);
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
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

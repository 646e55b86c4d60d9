import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { project, seed, task, workspace } from '../support/seed.ts';

// Issue 32: Ctrl+K finds anything and runs the workspace's commands; ? lists the shortcuts; g then a letter moves.

const FILLER = Array.from({ length: 40 }, (_, index) => ({ id: `block-filler-${index}`, type: 'paragraph', content: `Packing list line ${index}.` }));

function searchable() {
  const stored = workspace({
    columns: [{ id: 'column-todo', title: 'To-do', itemIds: ['task-visa', 'task-plants'] }, { id: 'column-done', title: 'Done', itemIds: [] }],
    items: [task({ id: 'task-visa', content: 'Renew the visa', tags: ['travel'] }), task({ id: 'task-plants', content: 'Water the plants' })],
    projects: [project({ id: 'project-garden', name: 'Garden redesign', description: 'New beds and a pond' })],
    pages: [{
      id: 'page-trip', title: 'Trip plans', icon: '🧳', parentId: null, createdAt: '2026-03-01T09:00:00.000Z',
      content: [...FILLER, { id: 'block-cafe', type: 'paragraph', content: 'Book the café in Zürich near the station.' }],
    }],
  });
  stored.data.mindMap.nodes.push({ id: 'node-holiday', type: 'customText', position: { x: 1800, y: 1400 }, data: { label: 'Holiday ideas' } });
  return stored;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const search = (page: Page) => palette(page).getByRole('combobox');

/** The keys are bound once the workspace's frame and its screen have loaded. */
async function ready(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.locator('main h1').first()).toBeVisible();
}

async function openPalette(page: Page): Promise<void> {
  await ready(page);
  await page.keyboard.press('ControlOrMeta+k');
  await expect(search(page)).toBeFocused();
}

/** The words the page shows highlighted by the find (the CSS Custom Highlight API). */
const highlighted = (page: Page) => page.evaluate(() => [...(CSS.highlights.get('grove-find') ?? [])].map((range) => (range instanceof Range ? range.toString() : '')));

test.beforeEach(async ({ page }) => {
  await onboard(page);
  await seed(page, searchable());
});

test('Ctrl+K finds a page by a word of its text, accents ignored; Enter opens it scrolled to the word, highlighted', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await openPalette(page);
  await search(page).fill('zurich');
  const result = palette(page).getByRole('option', { name: /Trip plans/ });
  await expect(result.locator('mark')).toHaveText(['Zürich']);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-trip$/);
  await expect.poll(() => highlighted(page)).toEqual(['Zürich']);
  await expect(page.getByText('Book the café in Zürich')).toBeInViewport();
  // Typing ends the highlight.
  await page.getByText('Book the café in Zürich').click();
  await page.keyboard.type('!');
  await expect.poll(() => highlighted(page)).toEqual([]);
});

test('finds a task by its tag and opens its dialog; a project its card; a node is selected and centred', async ({ page }) => {
  await page.goto('/dashboard');
  await openPalette(page);
  await search(page).fill('trav');
  await palette(page).getByRole('option', { name: /Renew the visa/ }).click();
  const board = new BoardPage(page);
  await expect(board.dialog).toBeVisible();
  await expect(board.dialog.getByLabel('Title')).toHaveValue('Renew the visa');
  await page.keyboard.press('Escape');

  await openPalette(page);
  // Recently opened comes first with an empty query.
  await expect(palette(page).getByRole('group', { name: 'Recent' }).getByRole('option', { name: /Renew the visa/ })).toBeVisible();
  await search(page).fill('pond');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/free-project-management$/);
  await expect(page.getByRole('button', { name: 'Garden redesign', exact: true })).toBeFocused();

  await openPalette(page);
  await search(page).fill('holiday');
  await page.keyboard.press('Enter');
  const node = page.locator('.react-flow__node[data-id="node-holiday"]');
  await expect(node).toBeFocused();
  await expect(node).toHaveClass(/selected/);
  await expect(node).toBeInViewport();
});

test('runs Create task from the palette, and says when nothing matches; the task made is offered as recent', async ({ page }) => {
  await page.goto('/calendar-view');
  await openPalette(page);
  await search(page).fill('xylophone');
  await expect(palette(page)).toContainText('Nothing matches “xylophone”.');
  await search(page).fill('create ta');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kanban-board$/);
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill('Pack the tent');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await openPalette(page);
  await expect(palette(page).getByRole('group', { name: 'Recent' }).getByRole('option').first()).toContainText('Pack the tent');
});

test('? shows the shortcut sheet; g then b goes to the board, c creates a task; nothing fires while typing', async ({ page }) => {
  await page.goto('/dashboard');
  await ready(page);
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('heading', { name: 'Go to' })).toBeVisible();
  await expect(sheet.getByText('Go to Board')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.keyboard.press('g');
  await page.keyboard.press('b');
  await expect(page).toHaveURL(/\/kanban-board$/);
  await ready(page);
  // On the board, the sheet lists the board's own keys too.
  await page.keyboard.press('?');
  await expect(sheet.getByRole('heading', { name: 'On the board' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('c');
  await expect(page.getByRole('dialog', { name: 'Create Task' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Typing in a field or in the editor is text, never a shortcut.
  await page.goto('/notes-and-docs/page-trip');
  const title = page.getByRole('textbox', { name: 'Page title' });
  await title.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' gbc?n');
  await expect(title).toHaveValue('Trip plans gbc?n');
  await page.getByText('Packing list line 0.').click();
  await page.keyboard.type('gb?c');
  await expect(page.getByText('Packing list line 0.gb?c')).toBeVisible();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-trip$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open palette and the sheet pass axe in the ${theme} theme`, async ({ page }) => {
    await seed(page, searchable(), theme);
    await page.goto('/kanban-board');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openPalette(page);
    await search(page).fill('plan');
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

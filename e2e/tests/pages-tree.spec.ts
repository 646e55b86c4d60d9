import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, holdToast, onboard, test } from '../support/fixtures.ts';
import { PageTreePage } from '../support/pages.ts';
import { page as seedPage, seed, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// Notes and docs (docs/product.md): the page tree at /notes-and-docs — New page, the empty state, expand and
// collapse by mouse and keyboard (WAI-ARIA tree pattern), expanded rows kept across reloads, recursive delete with Undo.

const columns = [{ id: 'todo', title: 'To-do', itemIds: [] }];

// Guide ─ Setup ─ Shortcuts
//       └ Tips
// Recipes ─ Soup
// Ideas
function treeWorkspace() {
  return workspace({
    columns,
    items: [],
    pages: [
      seedPage({ id: 'guide', title: 'Guide', icon: '🚀' }),
      seedPage({ id: 'setup', title: 'Setup', parentId: 'guide' }),
      seedPage({ id: 'recipes', title: 'Recipes' }),
      seedPage({ id: 'shortcuts', title: 'Shortcuts', parentId: 'setup' }),
      seedPage({ id: 'tips', title: 'Tips', parentId: 'guide' }),
      seedPage({ id: 'soup', title: 'Soup', parentId: 'recipes' }),
      seedPage({ id: 'ideas', title: '  ' }),
    ],
  });
}

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('the empty state creates the first page and opens it; back in the tree it is listed', async ({ page }) => {
  const tree = new PageTreePage(page);
  await tree.open();
  await expect(page.getByText('Your workspace is empty')).toBeVisible();
  await expect(page.getByText('Create your first page to get started.')).toBeVisible();
  await expect(tree.tree).toHaveCount(0);
  await page.getByRole('button', { name: 'Create a page' }).click();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-[^/]+$/);
  await page.goBack();
  await expect(tree.row('Untitled')).toBeVisible();
  await expect.poll(() => tree.outline()).toEqual(['Untitled']);

  await page.getByRole('button', { name: 'New page' }).click();
  await expect(page).toHaveURL(/\/notes-and-docs\/page-[^/]+$/);
  await page.goBack();
  await expect.poll(() => tree.outline()).toEqual(['Untitled', 'Untitled']);
});

test('rows expand and collapse by click and by keyboard, and the expanded ones survive a reload', async ({ page }) => {
  await seed(page, treeWorkspace());
  const tree = new PageTreePage(page);
  await tree.open();
  await expect.poll(() => tree.outline()).toEqual(['Guide', 'Recipes', 'Untitled']);
  await expect(tree.row('Guide')).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.row('Untitled')).not.toHaveAttribute('aria-expanded');
  await expect(tree.row('Guide')).toHaveAttribute('aria-posinset', '1');
  await expect(tree.row('Guide')).toHaveAttribute('aria-setsize', '3');

  // Click: the chevron toggles without navigating; children are indented 24 px per level.
  await tree.toggle('Guide').click();
  await expect(page).toHaveURL(/\/notes-and-docs$/);
  await expect.poll(() => tree.outline()).toEqual(['Guide', '  Setup', '  Tips', 'Recipes', 'Untitled']);
  const indent = async (title: string) => tree.row(title).locator('..').evaluate((row) => parseFloat(getComputedStyle(row).paddingInlineStart));
  expect(await indent('Setup') - await indent('Guide')).toBe(24);
  await tree.toggle('Setup').click();
  await expect.poll(() => tree.outline()).toEqual(['Guide', '  Setup', '    Shortcuts', '  Tips', 'Recipes', 'Untitled']);
  expect(await indent('Shortcuts')).toBe(48);
  await tree.toggle('Guide').click();
  await expect.poll(() => tree.outline()).toEqual(['Guide', 'Recipes', 'Untitled']);

  // Keyboard: one row is tabbable; arrows move, Right expands then enters, Left collapses then goes up, Home/End.
  await expect(tree.tree.locator('[tabindex="0"]')).toHaveCount(1);
  await tree.row('Guide').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tree.row('Guide')).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.row('Shortcuts')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tree.row('Setup')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(tree.row('Shortcuts')).toBeFocused();
  await expect(tree.row('Shortcuts')).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('ArrowLeft');
  await expect(tree.row('Setup')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tree.row('Setup')).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.row('Shortcuts')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(tree.row('Untitled')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(tree.row('Recipes')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tree.row('Guide')).toBeFocused();
  await page.keyboard.press('u');
  await expect(tree.row('Untitled')).toBeFocused();
  await page.keyboard.press('g');
  await expect(tree.row('Guide')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(tree.row('Setup')).toHaveAttribute('aria-expanded', 'true');

  // Persisted under grove-expanded-pages, and restored after a reload.
  await expect.poll(() => tree.expandedIds()).toEqual(['guide', 'setup']);
  await page.reload();
  await expect.poll(() => tree.outline()).toEqual(['Guide', '  Setup', '    Shortcuts', '  Tips', 'Recipes', 'Untitled']);

  // Enter opens the focused page; so does a click on its title, which is a real link.
  await expect(tree.row('Tips')).toHaveAttribute('href', '/notes-and-docs/tips');
  await tree.row('Tips').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notes-and-docs\/tips$/);
  await page.goBack();
  await expect(tree.row('Recipes')).toBeVisible();
  await tree.row('Recipes').click();
  await expect(page).toHaveURL(/\/notes-and-docs\/recipes$/);
});

test('delete by button asks about the subpages, deletes them all, and Undo brings them back', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('grove-expanded-pages', '["guide"]'));
  await seed(page, treeWorkspace());
  const tree = new PageTreePage(page);
  await tree.open();
  await expect(tree.deleteButton('Guide')).toHaveCSS('opacity', '0');
  await tree.row('Guide').hover();
  await expect(tree.deleteButton('Guide')).toHaveCSS('opacity', '1');
  await tree.deleteButton('Guide').click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Page' });
  await expect(confirm).toContainText('Are you sure you want to delete "Guide" and all 3 of its subpages?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(tree.row('Guide')).toBeFocused();
  await expect.poll(() => tree.outline()).toEqual(['Guide', '  Setup', '  Tips', 'Recipes', 'Untitled']);

  await tree.deleteButton('Guide').click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Page and all subpages deleted successfully!' });
  await holdToast(toast);
  await expect.poll(() => tree.outline()).toEqual(['Recipes', 'Untitled']);
  await expect(tree.row('Recipes')).toBeFocused();
  await expect.poll(async () => (await storedData(page))?.pages.map((entry) => entry.id)).toEqual(['recipes', 'soup', 'ideas']);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => tree.outline()).toEqual(['Guide', '  Setup', '  Tips', 'Recipes', 'Untitled']);
});

test('the Delete key deletes the focused page (a leaf says it has no subpages); focus moves to the next row', async ({ page }) => {
  await seed(page, treeWorkspace());
  const tree = new PageTreePage(page);
  await tree.open();
  await tree.row('Recipes').focus();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Page' });
  await expect(confirm).toContainText('"Recipes" and its subpage?');
  await page.keyboard.press('Escape');
  await expect(tree.row('Recipes')).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Backspace');
  await expect(confirm).toContainText('Are you sure you want to delete "Untitled"? It has no subpages.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Page and all subpages deleted successfully!')).toBeVisible();
  await expect(tree.row('Recipes')).toBeFocused();

  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => tree.outline()).toEqual(['Guide']);
  await expect(tree.row('Guide')).toBeFocused();
  await page.keyboard.press('Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your workspace is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create a page' })).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: the expanded tree and the delete confirm, ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addInitScript(() => window.localStorage.setItem('grove-expanded-pages', '["guide","setup"]'));
    await seed(page, treeWorkspace());
    const tree = new PageTreePage(page);
    await tree.open();
    await expect(tree.row('Shortcuts')).toBeVisible();
    await tree.row('Setup').hover();
    await expectNoSeriousA11yViolations(page);
    await tree.row('Setup').focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test.describe('at 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('every row shows its delete button without hover, and axe passes', async ({ page }) => {
    await seed(page, treeWorkspace());
    const tree = new PageTreePage(page);
    await tree.open();
    await expect(tree.deleteButton('Recipes')).toHaveCSS('opacity', '1');
    await expect(tree.deleteButton('Untitled')).toHaveCSS('opacity', '1');
    await tree.deleteButton('Recipes').click();
    await expect(page.getByRole('alertdialog', { name: 'Delete Page' })).toContainText('"Recipes"');
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
  });

  test('a long title stays inside its row, and a long word inside the delete confirm', async ({ page }) => {
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    await seed(page, workspace({ columns, items: [], pages: [seedPage({ id: 'long', title: word })] }));
    const tree = new PageTreePage(page);
    await tree.open();
    const row = tree.row(word);
    expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await row.focus();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Page' });
    await expect(confirm).toContainText(word);
    const box = await confirm.boundingBox();
    const text = await confirm.locator('p').first().evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(text[0]).toBeLessThanOrEqual(text[1] ?? 0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

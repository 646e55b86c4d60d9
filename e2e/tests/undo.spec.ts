import { expect, holdToast, onboard, test } from '../support/fixtures.ts';
import { storedData } from '../support/stored-workspace.ts';
import { SettingsPage, sampleBackup } from '../support/workspace.ts';

// Undo and redo of workspace commands. Settings' Clear All and Import are the commands the screens have so far;
// each screen adds its own undo tests as it is built.

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

const storedProjects = async (settings: SettingsPage) => (await storedData(settings.page))?.projects.map((project) => project.name);

test('Clear All offers Undo on its toast, which brings everything back; Redo clears again', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('undo')));
  await settings.waitUntilSaved();

  // The warning says what Clear All leaves: the workspace as new, with its starter board and map.
  await expect(page.getByRole('region', { name: 'Danger zone' })).toContainText('starts again as new, with the starter board and map');
  await settings.clearAll();
  const cleared = page.getByRole('listitem').filter({ hasText: 'All data has been cleared.' });
  await holdToast(cleared);
  await settings.waitUntilSaved();
  expect(await storedProjects(settings)).toEqual([]);

  await cleared.getByRole('button', { name: 'Undo' }).click();
  const undone = page.getByRole('listitem').filter({ hasText: 'Undone: Clear all data' });
  await holdToast(undone);
  await settings.waitUntilSaved();
  expect(await storedProjects(settings)).toEqual(['Website undo', 'Archive undo']);

  await undone.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByText('Redone: Clear all data')).toBeVisible();
  await settings.waitUntilSaved();
  expect(await storedProjects(settings)).toEqual([]);
});

test('Ctrl+Z undoes the last command and Ctrl+Shift+Z redoes it, but not while typing in a field', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('keys')));
  await settings.waitUntilSaved();

  // Focus in a text field: its own undo applies, the workspace is untouched.
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Scratch field');
    document.body.append(field);
    field.focus();
  });
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Undone: Import data')).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  await page.keyboard.press('Control+z');
  await expect(page.getByText('Undone: Import data')).toBeVisible();
  await settings.waitUntilSaved();
  expect(await storedProjects(settings)).toEqual([]);

  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByText('Redone: Import data')).toBeVisible();
  await settings.waitUntilSaved();
  expect(await storedProjects(settings)).toEqual(['Website keys', 'Archive keys']);
});

import { expect, onboard, test } from '../support/fixtures.ts';
import { storedData } from '../support/stored-workspace.ts';
import { SettingsPage, sampleBackup } from '../support/workspace.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

// Restore points: bringing back the data from before an import, and the kinds kept by an earlier Grove (decision 063).

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('a restore point brings back the data from before an import', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('before')));
  await settings.importBackup(JSON.stringify(sampleBackup('after')));
  const points = page.getByTestId('restore-points-protected').getByRole('listitem');
  // Two imports, two restore points; the newest (taken before the second import) holds 'before'. (The day's first
  // change also kept an automatic daily copy.)
  await expect(points).toHaveCount(2);
  await expect(page.getByTestId('restore-points-automatic').getByRole('listitem')).toContainText(['Before the day\'s first change']);
  await expect(points.first()).toContainText('Before import');

  await points.first().getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/Workspace restored from/)).toBeVisible();
  await settings.waitUntilSaved();
  expect((await storedData(page))?.projects.map((project) => project.name)).toEqual(['Website before', 'Archive before']);
  // Restoring is itself protected by a restore point.
  await expect(points.first()).toContainText('Before a restore');
  await expect(page.getByTestId('restore-points-protected').getByRole('listitem')).toHaveCount(3);
});

test('restore points kept by an earlier Grove stay with their kinds; each kind is pruned only by its own', async ({ page }) => {
  // The database as Grove kept it before decision 063 (version 1, no index): five imports, a Clear All and four
  // copies replaced by another tab, in the order taken. Opened on a page that does not open it itself.
  await page.goto('/privacy');
  const envelope = (tag: string) => {
    const { schemaVersion, ...data } = sampleBackup(tag);
    return JSON.stringify({ schemaVersion, revision: 0, data });
  };
  const reasons = ['import', 'conflict', 'import', 'conflict', 'import', 'clear', 'conflict', 'import', 'conflict', 'import'];
  const records = reasons.map((reason, index) => {
    const text = envelope(`${reason}-${index + 1}`);
    return { reason, text, size: text.length, createdAt: new Date(Date.UTC(2026, 2, 1, 9, index)).toISOString() };
  });
  await page.evaluate(async (kept) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('grove', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('restore-points', { keyPath: 'id', autoIncrement: true });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const transaction = db.transaction('restore-points', 'readwrite');
    for (const record of kept) transaction.objectStore('restore-points').add(record);
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error ?? new Error('add failed'));
    });
    db.close();
  }, records);

  const settings = new SettingsPage(page);
  await settings.open();
  const protectedPoints = page.getByTestId('restore-points-protected').getByRole('listitem');
  const automaticPoints = page.getByTestId('restore-points-automatic').getByRole('listitem');
  const [imported, cleared] = [/Before import/, /Before Clear All/];
  // Every record is listed with its kind, newest first, the protected ones apart.
  await expect(protectedPoints).toHaveText([imported, imported, cleared, imported, imported, imported]);
  await expect(automaticPoints).toHaveText(Array.from({ length: 4 }, () => /Replaced by another tab/));
  expect(await page.evaluate(async () => (await indexedDB.databases()).find((db) => db.name === 'grove')?.version)).toBe(2);
  await expectNoSeriousA11yViolations(page);

  // A sixth import drops the oldest import only: the four older copies from another tab stay (more than the
  // three their kind now keeps: only a point of their own kind prunes them).
  await settings.importBackup(JSON.stringify(sampleBackup('sixth')));
  await expect(protectedPoints).toHaveText([imported, imported, imported, cleared, imported, imported]);
  // The import was the day's first change: a daily copy joins the automatic ones, which stay.
  const replaced = Array.from({ length: 4 }, () => /Replaced by another tab/);
  await expect(automaticPoints).toHaveText([/Before the day's first change/, ...replaced]);

  // The newest point kept by the earlier Grove still holds its copy.
  await protectedPoints.nth(1).getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/Workspace restored from/)).toBeVisible();
  await settings.waitUntilSaved();
  const projects = (await storedData(page))?.projects.map((project) => project.name);
  expect(projects).toEqual(['Website import-10', 'Archive import-10']);
  await expect(protectedPoints.first()).toContainText('Before a restore');
});

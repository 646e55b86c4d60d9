import { expect, onboard, test } from '../support/fixtures.ts';
import { SettingsPage, sampleBackup } from '../support/workspace.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('export → clear → import restores the workspace exactly', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('one')));
  await settings.waitUntilSaved();

  const first = await settings.exportBackup();
  expect(first.download.suggestedFilename()).toMatch(/^backup-\d{4}-\d{2}-\d{2}\.json$/);
  expect(first.text).toContain('\n  "projects": [');
  expect(JSON.parse(first.text)).toMatchObject({ projects: [{ name: 'Website one' }, { name: 'Archive one' }] });

  await settings.clearAll();
  await settings.waitUntilSaved();
  expect((await settings.storedWorkspace())?.data.projects).toEqual([]);

  await settings.chooseImportFile('backup.json', first.text);
  await expect(page.getByTestId('import-summary')).toContainText('2 projects');
  await expect(page.getByTestId('import-summary')).toContainText('1 page');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Data imported successfully!').last()).toBeVisible();

  const second = await settings.exportBackup();
  expect(second.text).toBe(first.text);
});

test.describe('bad files change nothing', () => {
  test.use({ allowConsoleErrors: [/Failed to parse the backup file/] });

  test('invalid JSON and an invalid backup are refused with a clear message', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    await settings.importBackup(JSON.stringify(sampleBackup('kept')));
    await settings.waitUntilSaved();
    const before = await page.evaluate(() => window.localStorage.getItem('grove-data'));

    await settings.chooseImportFile('broken.json', '{"projects": [');
    await expect(page.getByText('Failed to parse the backup file.')).toBeVisible();

    await settings.chooseImportFile('wrong.json', JSON.stringify({ projects: [{ name: 42 }], pages: 'nope' }));
    await expect(page.getByRole('alert').filter({ hasText: 'This file is not a valid Grove backup. Nothing was changed.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'pages' })).toBeVisible();

    await settings.chooseImportFile('notes.txt', JSON.stringify(sampleBackup('txt')));
    await expect(page.getByText('Please choose a .json backup file.')).toBeVisible();

    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('grove-data'))).toBe(before);
  });
});

test('a partial backup replaces only the sections it holds', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  const usedBefore = (await page.getByTestId('storage-used').textContent()) ?? '';
  await settings.importBackup(JSON.stringify(sampleBackup('full')));
  // Storage use is read again once the import is stored.
  await expect(page.getByTestId('storage-used')).not.toHaveText(usedBefore);
  await settings.importBackup(JSON.stringify({ projects: sampleBackup('partial').projects }));
  await settings.waitUntilSaved();
  const stored = await settings.storedWorkspace();
  expect(stored?.data.projects.map((project) => project.name)).toEqual(['Website partial', 'Archive partial']);
  expect(stored?.data.pages.map((entry) => entry.title)).toEqual(['Notes full']);
});

test('a restore point brings back the data from before an import', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('before')));
  await settings.importBackup(JSON.stringify(sampleBackup('after')));
  const points = page.getByTestId('restore-points').getByRole('listitem');
  // Two imports, two restore points; the newest (taken before the second import) holds 'before'.
  await expect(points).toHaveCount(2);
  await expect(points.first()).toContainText('Before import');

  await points.first().getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/Workspace restored from/)).toBeVisible();
  await settings.waitUntilSaved();
  expect((await settings.storedWorkspace())?.data.projects.map((project) => project.name)).toEqual(['Website before', 'Archive before']);
  // Restoring is itself protected by a restore point.
  await expect(points.first()).toContainText('Before a restore');
});

test('closing the tab right after a change keeps the change', async ({ page, context }) => {
  await page.clock.install();
  const settings = new SettingsPage(page);
  await settings.open();
  // Frozen timers: the coalesced save cannot run, so only the flush on hide/close can store the change.
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('last-second')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'pending');
  expect(await settings.storedWorkspace()).toBeNull();
  await page.close({ runBeforeUnload: true });

  const reopened = await context.newPage();
  await reopened.goto('/settings');
  const stored = await new SettingsPage(reopened).storedWorkspace();
  expect(stored?.data.projects.map((project) => project.name)).toEqual(['Website last-second', 'Archive last-second']);
});

test('hiding the tab saves at once (visibilitychange), without waiting for the coalesced save', async ({ page }) => {
  await page.clock.install();
  const settings = new SettingsPage(page);
  await settings.open();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('hidden')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'pending');
  expect(await settings.storedWorkspace()).toBeNull();
  // What a phone does when the user switches apps: the page is hidden, and may never get pagehide.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await settings.storedWorkspace())?.data.projects.map((project) => project.name)).toEqual(['Website hidden', 'Archive hidden']);
});

test.describe('unreadable stored data', () => {
  test.use({ allowConsoleErrors: [/unreadable|Could not/i] });

  test('the app still loads, says so, and offers the raw text for download', async ({ page }) => {
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem('seeded')) {
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem('grove-data', '{"projects": [{"name": "half-written');
      }
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(/could not be read/)).toBeVisible();

    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click();
    const recovery = page.getByRole('region', { name: 'Unreadable data kept aside' });
    const [download] = await Promise.all([page.waitForEvent('download'), recovery.getByRole('button', { name: 'Download' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('{"projects": [{"name": "half-written');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('a full storage quota', () => {
  test.use({ allowConsoleErrors: [/Saving the workspace failed|QuotaExceeded|quota/i] });

  test('shows the error, keeps the data in memory, and saves once space returns', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    // Fill local storage until the browser refuses more.
    await page.evaluate(() => {
      const chunk = 'x'.repeat(256 * 1024);
      for (let index = 0; index < 100; index += 1) {
        try {
          window.localStorage.setItem(`filler-${index}`, chunk);
        } catch {
          break;
        }
      }
      let small = 0;
      for (;;) {
        try {
          window.localStorage.setItem(`filler-small-${small}`, 'x'.repeat(1024));
          small += 1;
        } catch {
          break;
        }
      }
    });
    await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('quota')));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText(/Browser storage is full/)).toBeVisible();
    // No success is claimed for what could not be stored.
    await expect(page.getByText('Data imported successfully!')).toHaveCount(0);
    const status = page.getByTestId('save-status');
    await expect(status).toHaveAttribute('data-status', 'error');
    await expect(status).toContainText('Not saved');
    await expectNoSeriousA11yViolations(page);

    // Nothing is lost: the data is still in memory (the export shows it).
    expect(JSON.parse((await settings.exportBackup()).text)).toMatchObject({ projects: [{ name: 'Website quota' }, { name: 'Archive quota' }] });

    await page.evaluate(() => {
      for (const key of Object.keys(window.localStorage)) if (key.startsWith('filler-')) window.localStorage.removeItem(key);
    });
    // The next change saves everything, the earlier unsaved import included.
    await settings.importBackup(JSON.stringify({ mindMap: sampleBackup('next').mindMap }));
    await expect(status).toHaveAttribute('data-status', 'saved');
    await page.reload();
    const stored = await settings.storedWorkspace();
    expect(stored?.data.projects.map((project) => project.name)).toEqual(['Website quota', 'Archive quota']);
    expect(JSON.stringify(stored)).toContain('Idea next');
  });
});

test('two tabs stay in step, and a stale tab cannot overwrite newer data', async ({ page, context }) => {
  const a = new SettingsPage(page);
  await a.open();
  const otherPage = await context.newPage();
  await onboard(otherPage);
  // Registered before the app's own listener, so it can hide other tabs' writes from this tab on demand.
  await otherPage.addInitScript(() => {
    window.addEventListener('storage', (event) => {
      if ((window as { hideStorageEvents?: boolean }).hideStorageEvents) event.stopImmediatePropagation();
    });
  });
  const b = new SettingsPage(otherPage);
  await b.open();

  // A change in tab A shows in tab B.
  await a.importBackup(JSON.stringify(sampleBackup('tab-a')));
  await a.waitUntilSaved();
  await expect.poll(async () => (JSON.parse((await b.exportBackup()).text) as { projects: { name: string }[] }).projects[0]?.name).toBe('Website tab-a');

  // Tab B stops hearing about tab A (as a frozen tab would), then A changes its pages.
  await otherPage.evaluate(() => {
    (window as { hideStorageEvents?: boolean }).hideStorageEvents = true;
  });
  await a.importBackup(JSON.stringify({ pages: sampleBackup('newer').pages }));
  await a.waitUntilSaved();

  // B has really missed it: its own export still shows the older pages.
  expect(JSON.parse((await b.exportBackup()).text)).toMatchObject({ pages: [{ title: 'Notes tab-a' }] });
  // B, now behind, changes only its projects: A's newer pages must survive.
  await b.importBackup(JSON.stringify({ projects: sampleBackup('tab-b').projects }));
  await b.waitUntilSaved();
  const stored = await b.storedWorkspace();
  expect(stored?.data.projects.map((project) => project.name)).toEqual(['Website tab-b', 'Archive tab-b']);
  expect(stored?.data.pages.map((entry) => entry.title)).toEqual(['Notes newer']);
});

test('/settings with the import dialog open passes axe', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('axe')));
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

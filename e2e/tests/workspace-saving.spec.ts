import { expect, onboard, test } from '../support/fixtures.ts';
import { storedData } from '../support/stored-workspace.ts';
import { canGoDeaf, setDeaf } from '../support/deaf-tab.ts';
import { SettingsPage, sampleBackup } from '../support/workspace.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

// How the workspace is kept in this browser: the storage meter, saves on close and hide, unreadable data, a full
// quota, and two tabs that miss each other's changes.

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('the storage meter reads what this site stores, in KB to one decimal, and grows with an import', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.waitUntilSaved();
  const meter = page.getByTestId('storage-used');
  // Characters stored by this origin, counted as the meter counts them (keys and values). Bytes below 1 KB are
  // covered by the formatter's unit tests: a workspace is stored from the first load, so a browser is never that empty.
  const used = () => page.evaluate(() => Object.keys(window.localStorage).reduce((sum, key) => sum + key.length + (window.localStorage.getItem(key) ?? '').length, 0));
  const reading = async () => `${Math.round((await used()) / 1024 * 10) / 10} KB of about 5 MB`;
  await expect(meter).toHaveText(await reading());
  const fresh = await used();

  await settings.importBackup(JSON.stringify(sampleBackup('meter')));
  await settings.waitUntilSaved();
  expect(await used()).toBeGreaterThan(fresh);
  await expect(meter).toHaveText(await reading());
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
  expect((await storedData(page))?.projects).toEqual([]);
  await page.close({ runBeforeUnload: true });

  const reopened = await context.newPage();
  await reopened.goto('/settings');
  const stored = await storedData(reopened);
  expect(stored?.projects.map((project) => project.name)).toEqual(['Website last-second', 'Archive last-second']);
});

test('hiding the tab saves at once (visibilitychange), without waiting for the coalesced save', async ({ page }) => {
  await page.clock.install();
  const settings = new SettingsPage(page);
  await settings.open();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('hidden')));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'pending');
  expect((await storedData(page))?.projects).toEqual([]);
  // What a phone does when the user switches apps: the page is hidden, and may never get pagehide.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect((await storedData(page))?.projects.map((project) => project.name)).toEqual(['Website hidden', 'Archive hidden']);
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
    // The import fits when chosen (it is checked up front), and the storage fills up before it is confirmed:
    // fill local storage until the browser refuses more.
    // A long description, so the import needs more room than the last kilobyte the filling may leave.
    const backup = sampleBackup('quota');
    backup.projects[0] = { ...backup.projects[0], description: 'Relaunch the site. '.repeat(1500) } as (typeof backup.projects)[0];
    await settings.chooseImportFile('backup.json', JSON.stringify(backup));
    await expect(page.getByRole('alertdialog')).toBeVisible();
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
    const stored = await storedData(page);
    expect(stored?.projects.map((project) => project.name)).toEqual(['Website quota', 'Archive quota']);
    expect(JSON.stringify(stored)).toContain('Idea next');
  });
});

test('two tabs stay in step, and a tab that missed the other\'s change merges it when it saves, overwriting nothing', async ({ page, context }) => {
  const a = new SettingsPage(page);
  await a.open();
  const otherPage = await context.newPage();
  await onboard(otherPage);
  await canGoDeaf(otherPage);
  const b = new SettingsPage(otherPage);
  await b.open();

  // A change in tab A shows in tab B.
  await a.importBackup(JSON.stringify(sampleBackup('tab-a')));
  await a.waitUntilSaved();
  await expect.poll(async () => (JSON.parse((await b.exportBackup()).text) as { projects: { name: string }[] }).projects[0]?.name).toBe('Website tab-a');

  // Tab B stops hearing about tab A (as a frozen tab would), then A changes its pages.
  await setDeaf(otherPage, true);
  await a.importBackup(JSON.stringify({ pages: sampleBackup('newer').pages }));
  await a.waitUntilSaved();

  // B may still take A's pages in before its own change: its save after the first import (it stores what another
  // tab changed, a second later) merges whatever A stored by then. Either way nothing of A's may be lost.
  // B, now behind, changes only its projects: A's newer pages must survive.
  await b.importBackup(JSON.stringify({ projects: sampleBackup('tab-b').projects }));
  await b.waitUntilSaved();
  const stored = await storedData(otherPage);
  expect(stored?.projects.map((project) => project.name)).toEqual(['Website tab-b', 'Archive tab-b']);
  expect(stored?.pages.map((entry) => entry.title)).toEqual(['Notes newer']);
  // And B took A's pages in while saving.
  expect(JSON.parse((await b.exportBackup()).text)).toMatchObject({ pages: [{ title: 'Notes newer' }] });
});

import { expect, onboard, test } from '../support/fixtures.ts';
import { storedData, storedText } from '../support/stored-workspace.ts';
import { canGoDeaf, setDeaf } from '../support/deaf-tab.ts';
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
  expect((await storedData(page))?.projects).toEqual([]);

  await settings.chooseImportFile('backup.json', first.text);
  await expect(page.getByTestId('import-summary')).toContainText('2 projects');
  await expect(page.getByTestId('import-summary')).toContainText('1 page');
  await settings.confirmImport();

  const second = await settings.exportBackup();
  expect(second.text).toBe(first.text);
});

test('Export Data says which file it saved, naming the download', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  const { download } = await settings.exportBackup();
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(/^backup-\d{4}-\d{2}-\d{2}\.json$/);
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem').filter({ hasText: 'Exported' });
  await expect(toast).toHaveText(`Exported ${fileName}`);
  await expect(toast).toHaveAttribute('data-type', 'success');
  await expectNoSeriousA11yViolations(page);
});

test.describe('a failed export', () => {
  test.use({ allowConsoleErrors: [/The backup file could not be made/] });

  test('says so in an error toast and claims no file', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    // What a browser that refuses the download's object URL does.
    await page.evaluate(() => {
      URL.createObjectURL = () => {
        throw new Error('downloads are blocked');
      };
    });
    await page.getByRole('button', { name: 'Export Data' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
    await expect(toast).toHaveText('The backup file could not be made. Nothing was changed; please try again.');
    await expect(toast).toHaveAttribute('data-type', 'error');
  });
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

test.describe('bad files change nothing', () => {
  test.use({ allowConsoleErrors: [/Failed to parse the backup file/] });

  test('invalid JSON and an invalid backup are refused with a clear message', async ({ page }) => {
    const settings = new SettingsPage(page);
    await settings.open();
    await settings.importBackup(JSON.stringify(sampleBackup('kept')));
    await settings.waitUntilSaved();
    const before = await storedText(page);

    await settings.chooseImportFile('broken.json', '{"projects": [');
    await expect(page.getByText('Failed to parse the backup file.')).toBeVisible();

    await settings.chooseImportFile('wrong.json', JSON.stringify({ projects: [{ name: 42 }], pages: 'nope' }));
    await expect(page.getByRole('alert').filter({ hasText: 'This file is not a valid Grove backup. Nothing was changed.' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'pages' })).toBeVisible();

    await settings.chooseImportFile('notes.txt', JSON.stringify(sampleBackup('txt')));
    await expect(page.getByText('Please choose a .json backup file.')).toBeVisible();

    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await storedText(page)).toBe(before);
  });
});

test('a backup larger than the storage can hold is refused up front, saying how big it is', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.importBackup(JSON.stringify(sampleBackup('kept')));
  await settings.waitUntilSaved();
  const before = await storedText(page);

  const huge = sampleBackup('huge');
  const [page1] = huge.pages;
  if (!page1) throw new Error('the sample has a page');
  huge.pages = [{ ...page1, content: [{ id: 'big', type: 'paragraph', content: 'a'.repeat(6 * 1024 * 1024) }] }];
  await settings.chooseImportFile('huge.json', JSON.stringify(huge));
  // The size of the workspace as stored after the import (6 MB of text), against the quota less the other keys.
  const refusal = 'This backup would take 6 MB once imported; this browser keeps at most about 5 MB for the Grove workspace, '
    + 'so it cannot be imported. Nothing was changed.';
  await expect(page.getByText(refusal, { exact: true })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(await storedText(page)).toBe(before);
});

test('the confirm counts what is imported after repair and lists the repairs', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  const backup = sampleBackup('repaired');
  const [tree] = backup.garden;
  const [node] = backup.mindMap.nodes;
  if (!tree || !node) throw new Error('the sample has a tree and a node');
  const file = {
    ...backup,
    garden: [tree, tree],
    mindMap: { nodes: [node], edges: [{ id: 'edge-1', source: node.id, target: 'gone' }] },
    habits: [{ id: 'from a newer Grove' }],
  };
  await settings.chooseImportFile('backup.json', JSON.stringify(file));
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('import-summary')).toContainText('1 garden tree');
  const repairs = dialog.getByTestId('import-repairs');
  await expect(repairs).toContainText('Grove will repair 3 things while importing:');
  await expect(repairs.getByTestId('import-repair-kinds').getByRole('listitem')).toHaveText([
    '1 part of the file that this version does not know is left out',
    '1 broken or repeated entry is dropped',
    '1 link to a missing or looping item is mended',
  ]);
  await repairs.getByText('Details').click();
  await expect(repairs.getByTestId('import-repair-details').getByRole('listitem')).toHaveText([
    'unknown sections of the file are not imported: habits.',
    'edges[0]: dropped: its source or target is not a node.',
    `garden entry "${tree.id}" appeared twice; the second was dropped.`,
  ]);
  await expectNoSeriousA11yViolations(page);
  // The import starts after its restore point is taken: until then the status still says 'saved' from before.
  await settings.confirmImport();
  await settings.waitUntilSaved();
  const stored = await storedData(page);
  expect([stored?.garden.length, stored?.mindMap.edges.length]).toEqual([1, 0]);
});

test('fields from a newer Grove inside projects, tasks, pages and nodes survive import, save, reload and export', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  const later = { addedBy: 'a newer Grove', list: [1, { deep: true }] };
  const backup = sampleBackup('newer');
  const file = {
    ...backup,
    projects: backup.projects.map((project) => ({ ...project, later })),
    pages: backup.pages.map((entry) => ({ ...entry, later, content: entry.content.map((block) => ({ ...block, later })) })),
    kanbanBoard: {
      ...backup.kanbanBoard,
      items: Object.fromEntries(Object.entries(backup.kanbanBoard.items).map(([id, item]) => [id, { ...item, later }])),
    },
    mindMap: { ...backup.mindMap, nodes: backup.mindMap.nodes.map((node) => ({ ...node, later })) },
  };
  await settings.importBackup(JSON.stringify(file));
  await settings.waitUntilSaved();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const exported = JSON.parse((await settings.exportBackup()).text) as typeof file;
  expect(exported.projects).toEqual(file.projects);
  expect(exported.pages).toEqual(file.pages);
  expect(exported.kanbanBoard.items).toEqual(file.kanbanBoard.items);
  expect(exported.mindMap.nodes).toEqual(file.mindMap.nodes);
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
  const stored = await storedData(page);
  expect(stored?.projects.map((project) => project.name)).toEqual(['Website partial', 'Archive partial']);
  expect(stored?.pages.map((entry) => entry.title)).toEqual(['Notes full']);
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

test('/settings with the import dialog open passes axe', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('axe')));
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

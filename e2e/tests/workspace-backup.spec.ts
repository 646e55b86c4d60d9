import { expect, onboard, test } from '../support/fixtures.ts';
import { storedData, storedText } from '../support/stored-workspace.ts';
import { SettingsPage, sampleBackup } from '../support/workspace.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

// Settings → Data: export, import (repairs, partial backups, newer fields, files refused with a reason) and the
// import dialog's accessibility.

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

test('/settings with the import dialog open passes axe', async ({ page }) => {
  const settings = new SettingsPage(page);
  await settings.open();
  await settings.chooseImportFile('backup.json', JSON.stringify(sampleBackup('axe')));
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

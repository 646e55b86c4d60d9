import { randomBytes } from 'node:crypto';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { seed, task, workspace } from '../support/seed.ts';
import { storedText } from '../support/stored-workspace.ts';
import {
  addTask, expectSynced, filesContaining, joinSync, laptopAndPhone, laptopWithSync, laptopWorkspace, newDevice, secret, syncStatus,
} from '../support/sync.ts';

// Sync across devices, end-to-end encrypted (docs/decisions/068-end-to-end-encrypted-sync.md), its pairing: two browser
// contexts are two devices on the real server. A new device joins and takes the workspace, one with a workspace
// merges it; a wrong link changes nothing; Settings lists the devices, stops and deletes; the server's data
// directory never holds what was typed; with sync off nothing is sent. Merging under load: sync-merge.spec.ts.

test('a new device joins from the pairing link and opens the workspace; changes then travel both ways; the server keeps only ciphertext', async ({ page, browser }) => {
  const laptopTitle = secret('Laptop plan');
  const link = await laptopWithSync(page, laptopTitle);
  // The key is in the fragment, never in the path or the query.
  expect(new URL(link).hash).toMatch(/^#grove-sync=[\w-]{22}\.[\w-]{43}$/);

  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  // A browser with no workspace opens the synced one, and the link is gone from the address bar.
  await expect(phone.page).toHaveURL(/\/dashboard$/);
  const phoneBoard = new BoardPage(phone.page);
  await phoneBoard.open();
  await expect(phoneBoard.card(laptopTitle)).toBeVisible();
  await expectSynced(phone.page);

  const phoneTitle = secret('Phone idea');
  await addTask(phone.page, phoneTitle);
  const laptopBoard = new BoardPage(page);
  await laptopBoard.open();
  // Pushed by the server (a sequence number only), read and merged without a reload.
  await expect(laptopBoard.card(phoneTitle)).toBeVisible();
  const laptopAgain = secret('Laptop again');
  await addTask(page, laptopAgain);
  await expect(phoneBoard.card(laptopAgain)).toBeVisible();
  await expectSynced(page);
  await expectSynced(phone.page);

  const dataDir = process.env.E2E_DATA_DIR ?? '';
  for (const words of [laptopTitle, phoneTitle, laptopAgain]) expect(filesContaining(dataDir, words), words).toEqual([]);
  await phone.context.close();
});

test('a browser with its own workspace merges it with the space, keeping a restore point first', async ({ page, browser }) => {
  const laptopTitle = secret('Laptop task');
  const link = await laptopWithSync(page, laptopTitle);

  const desktop = await newDevice(browser);
  const desktopTitle = secret('Desktop task');
  await onboard(desktop.page);
  await seed(desktop.page, workspace({
    columns: [{ id: 'todo', title: 'To-do', itemIds: ['desktop-task'] }, { id: 'done', title: 'Done', itemIds: [] }],
    items: [task({ id: 'desktop-task', content: desktopTitle })],
  }));
  const desktopBoard = new BoardPage(desktop.page);
  await desktopBoard.open();
  await desktop.page.goto(link);
  const dialog = desktop.page.getByRole('dialog', { name: 'Join a sync space?' });
  await expect(dialog).toContainText('Join this workspace: its tasks, pages and map will be merged with what is in this browser.');
  await expect(dialog).toContainText('A restore point of this browser\'s workspace is taken first');
  await expect(desktop.page).not.toHaveURL(/grove-sync/);
  await expectNoSeriousA11yViolations(desktop.page);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog).toBeHidden();

  await desktopBoard.open();
  await expect(desktopBoard.card(laptopTitle)).toBeVisible();
  await expect(desktopBoard.card(desktopTitle)).toBeVisible();
  const laptopBoard = new BoardPage(page);
  await laptopBoard.open();
  await expect(laptopBoard.card(desktopTitle)).toBeVisible();
  await expect(laptopBoard.card(laptopTitle)).toBeVisible();

  await desktop.page.goto('/settings');
  await expect(desktop.page.getByText('Before joining a sync space')).toBeVisible();
  await desktop.context.close();
});

test.describe('a link that names no space', () => {
  // The browser reports the relay's 403 for the space that does not exist.
  test.use({ allowConsoleErrors: [/status of 403/] });

  test('a wrong or a cut-short pairing link says so and changes nothing', async ({ page }) => {
    await onboard(page);
    await seed(page, laptopWorkspace('Untouched'));
    await page.goto('/kanban-board');
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    const before = await storedText(page);

    // Well formed, but no space of that id holds that key.
    await page.goto(`/#grove-sync=${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`);
    const dialog = page.getByRole('dialog', { name: 'Join a sync space?' });
    await dialog.getByRole('button', { name: 'Join' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/does not exist any more, or the link is incomplete/);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();

    // Cut short: no Join at all.
    await page.goto('/#grove-sync=abc.def');
    await expect(dialog.getByRole('alert')).toHaveText(/This pairing link is incomplete/);
    await expect(dialog.getByRole('button', { name: 'Join' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(page).not.toHaveURL(/grove-sync/);

    expect(await page.evaluate(() => window.localStorage.getItem('grove-sync'))).toBeNull();
    expect(await storedText(page)).toBe(before);
    await page.goto('/settings');
    await expect(page.getByText('Before joining a sync space')).toHaveCount(0);
  });
});

test('Settings → Sync lists the devices, stops syncing on one, and deletes the space, after confirms; the other device is told', async ({ page, browser }) => {
  const phone = await laptopAndPhone(page, browser, secret('Listed'));
  await expectSynced(phone.page);

  // Still on Settings since turning sync on: the list is read again on Refresh (and every minute).
  const section = page.getByRole('region', { name: 'Sync' });
  await section.getByRole('button', { name: 'Refresh' }).click();
  await expect(section.getByTestId('sync-devices').getByRole('listitem')).toHaveCount(2);
  await expect(section.getByTestId('sync-devices')).toContainText('This device');
  // Shown since sync was turned on, with its QR code; hidden on demand, so it is not on screen whenever Settings is.
  await expect(section.getByRole('img', { name: 'QR code of the pairing link' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await section.getByRole('button', { name: 'Hide the pairing link' }).click();
  await expect(section.getByLabel('Pairing link')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Show the pairing link' })).toHaveAttribute('aria-expanded', 'false');

  // A change of the whole workspace says that it reaches the other devices too.
  await page.getByRole('button', { name: 'Clear All Data' }).click();
  const clearAll = page.getByRole('alertdialog', { name: 'Clear all data?' });
  await expect(clearAll).toContainText('Sync is on: your other devices get this change too.');
  await clearAll.getByRole('button', { name: 'Cancel' }).click();

  await section.getByRole('button', { name: 'Delete the space from the server' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete the sync space?' });
  await confirm.getByRole('button', { name: 'Delete space' }).click();
  await expect(page.getByText('The sync space was deleted from the server.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on sync' })).toBeVisible();
  await expect(syncStatus(page)).toHaveCount(0);

  // The phone finds the space gone on its next exchange and says what to do.
  await phone.page.goto('/settings');
  await expect(syncStatus(phone.page)).toHaveAttribute('data-status', 'error');
  const phoneSection = phone.page.getByRole('region', { name: 'Sync' });
  await expect(phoneSection.getByTestId('sync-settings-status')).toContainText('no longer exists');
  await phoneSection.getByRole('button', { name: 'Stop syncing on this device' }).click();
  await phone.page.getByRole('alertdialog', { name: 'Stop syncing on this device?' }).getByRole('button', { name: 'Stop syncing' }).click();
  await expect(phoneSection.getByRole('button', { name: 'Turn on sync' })).toBeVisible();
  await expect(syncStatus(phone.page)).toHaveCount(0);
  await phone.context.close();
});

test('with sync off, the workspace screens send nothing to the server: no request, only the visitor count\'s presence', async ({ page }) => {
  await onboard(page);
  const requests: string[] = [];
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(`${request.method()} ${request.url()}`);
  });
  page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => sent.push(String(payload))));
  for (const path of ['/dashboard', '/kanban-board', '/free-project-management', '/notes-and-docs', '/calendar-view', '/mind-map', '/garden', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const board = new BoardPage(page);
  await board.open();
  await addTask(page, 'Stays here');
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(syncStatus(page)).toHaveCount(0);
  // The realtime socket is the spec's visitor presence; what it carries is a random visitor id and a time.
  expect(requests.filter((request) => !request.includes('/api/realtime'))).toEqual([]);
  const types = sent.map((frame) => (JSON.parse(frame) as { type: string }).type);
  expect(types).toContain('presence.join');
  expect(types.filter((type) => !['presence.join', 'presence.leave', 'pong'].includes(type))).toEqual([]);
  expect(sent.join('')).not.toContain('Stays here');
});

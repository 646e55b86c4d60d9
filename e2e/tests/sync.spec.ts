import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { startDeployment } from '../support/deployment.ts';
import { seed, task, workspace } from '../support/seed.ts';
import { storedData, storedText } from '../support/stored-workspace.ts';
import { addTask, expectSynced, filesContaining, joinSync, newDevice, syncStatus, turnOnSync } from '../support/sync.ts';

// Sync across devices, end-to-end encrypted (docs/decisions/068-end-to-end-encrypted-sync.md): two browser contexts
// are two devices on the real server. Their workspaces merge, later changes travel both ways, and the server's data
// directory never holds what was typed.

/** Words no other test writes, so finding them in the server's files can only mean sync leaked them. */
const secret = (label: string) => `${label} ${randomBytes(6).toString('hex')}`;

function laptopWorkspace(title: string) {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['laptop-task'] },
      { id: 'doing', title: 'In progress', itemIds: [] },
      { id: 'done', title: 'Done', itemIds: [] },
    ],
    items: [task({ id: 'laptop-task', content: title })],
    pages: [{ id: 'page-shared', title: 'Shared', icon: '📄', parentId: null, createdAt: '2026-03-01T09:00:00.000Z', content: [{ id: 'block-shared', type: 'paragraph', content: 'middle' }] }],
  });
}

const editor = (tab: Page) => tab.getByRole('textbox', { name: 'Page content' });

/** Both devices hold the same workspace, stored (what Export writes is made from it). */
async function expectSameWorkspace(a: Page, b: Page): Promise<void> {
  await expect.poll(async () => isDeepStrictEqual(await storedData(a), await storedData(b)), { timeout: 20_000 }).toBe(true);
}

async function laptopWithSync(page: Page, title: string): Promise<string> {
  await onboard(page);
  await seed(page, laptopWorkspace(title));
  const link = await turnOnSync(page);
  await expectSynced(page);
  return link;
}

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

test('offline, a device keeps its changes and says so; back online, it sends them', async ({ page, browser }) => {
  const link = await laptopWithSync(page, secret('Online'));
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  const phoneBoard = new BoardPage(phone.page);
  await phoneBoard.open();
  await expectSynced(phone.page);

  await phone.context.setOffline(true);
  const offlineTitle = secret('Written offline');
  await addTask(phone.page, offlineTitle);
  await expect(syncStatus(phone.page)).toHaveAttribute('data-status', 'offline');
  await syncStatus(phone.page).hover();
  await expect(phone.page.getByRole('tooltip')).toContainText('Your changes are kept in this browser and sent when it is back.');
  await phone.context.setOffline(false);
  await expectSynced(phone.page);
  const laptopBoard = new BoardPage(page);
  await laptopBoard.open();
  await expect(laptopBoard.card(offlineTitle)).toBeVisible();
  await phone.context.close();
});

test('a message changed on the server is refused: the error says so and nothing of it is applied', async ({ page, browser }) => {
  const link = await laptopWithSync(page, secret('Before'));
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  await expectSynced(phone.page);

  // From now on every page of updates the phone reads has its last byte (a GCM tag's) flipped on the way.
  await phone.page.route('**/api/sync/spaces/*/updates*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    if (body.length > 1) body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
    return route.fulfill({ response, body });
  });
  const laptopBoard = new BoardPage(page);
  await laptopBoard.open();
  const tampered = secret('Tampered');
  await addTask(page, tampered);
  await expectSynced(page);

  await expect(syncStatus(phone.page)).toHaveAttribute('data-status', 'error');
  await syncStatus(phone.page).hover();
  await expect(phone.page.getByRole('tooltip')).toContainText('could not be verified; nothing of it was applied');
  const phoneBoard = new BoardPage(phone.page);
  await phoneBoard.open();
  await expect(phoneBoard.card(tampered)).toHaveCount(0);
  // A read still on its way when the page goes would otherwise fail in the handler.
  await phone.page.unrouteAll({ behavior: 'ignoreErrors' });
  await phone.context.close();
});

test('Settings → Sync lists the devices, stops syncing on one, and deletes the space, after confirms; the other device is told', async ({ page, browser }) => {
  const link = await laptopWithSync(page, secret('Listed'));
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
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

test('a rename on one device and a move on the other both land; a change made just before its tab closed is sent by the next tab', async ({ page, browser }) => {
  const link = await laptopWithSync(page, 'Shared task');
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  const laptopBoard = new BoardPage(page);
  const phoneBoard = new BoardPage(phone.page);
  await laptopBoard.open();
  await phoneBoard.open();
  await expect(phoneBoard.card('Shared task')).toBeVisible();

  // At once: the laptop renames the task, the phone moves it to In progress.
  await page.goto('/kanban-board?task=laptop-task');
  await laptopBoard.dialog.getByLabel('Title').fill('Shared task, renamed');
  await phoneBoard.card('Shared task').hover();
  await phone.page.getByRole('button', { name: 'Actions for Shared task' }).click();
  await phone.page.getByRole('menuitem', { name: 'In progress' }).click();
  await laptopBoard.dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(laptopBoard.dialog).toBeHidden();
  for (const board of [laptopBoard, phoneBoard]) {
    await expect.poll(() => board.titles('In progress')).toEqual(['Shared task, renamed']);
    await expect.poll(() => board.titles('To-do')).toEqual([]);
  }

  // The phone adds a task and its tab closes at once, before sync could send it; the next tab sends it.
  const lastWords = secret('Typed before closing');
  await addTask(phone.page, lastWords);
  await phone.page.close();
  const reopened = await phone.context.newPage();
  await reopened.goto('/kanban-board');
  await expect(laptopBoard.card(lastWords)).toBeVisible();
  await expectSynced(reopened);
  await phone.context.close();
});

test('two devices typing in one page at once keep every character', async ({ page, browser }) => {
  const link = await laptopWithSync(page, 'Typing');
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  for (const tab of [page, phone.page]) {
    await tab.goto('/notes-and-docs/page-shared');
    await expect(editor(tab)).toHaveText('middle');
  }
  await editor(page).click();
  await page.keyboard.press('Home');
  await editor(phone.page).click();
  await phone.page.keyboard.press('End');
  const typedA = 'aaaaaaaaaaaaaaaaaaaa';
  const typedB = 'bbbbbbbbbbbbbbbbbbbb';
  await Promise.all([page.keyboard.type(typedA, { delay: 20 }), phone.page.keyboard.type(typedB, { delay: 20 })]);
  const expected = `${typedA}middle${typedB}`;
  for (const tab of [page, phone.page]) await expect.poll(() => editor(tab).textContent(), { timeout: 20_000 }).toBe(expected);
  await phone.context.close();
});

test.describe('offline on both devices', () => {
  // The browser reports each request it could not make while offline (sync's, the realtime socket's).
  test.use({ allowConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('both devices edit the same page and the same task offline; back online they hold the same workspace, nothing lost', async ({ page, browser }) => {
    const link = await laptopWithSync(page, 'Offline task');
    const phone = await newDevice(browser);
    await joinSync(phone.page, link);
    const laptopBoard = new BoardPage(page);
    const phoneBoard = new BoardPage(phone.page);
    // Each screen opened once while online, so its code is loaded: offline, the app moves between them without the server.
    for (const [tab, board] of [[page, laptopBoard], [phone.page, phoneBoard]] as const) {
      await board.open();
      await tab.goto('/notes-and-docs/page-shared');
      await expect(editor(tab)).toHaveText('middle');
      await expectSynced(tab);
    }
    await page.context().setOffline(true);
    await phone.context.setOffline(true);
    await editor(page).click();
    await page.keyboard.press('Home');
    await page.keyboard.type('laptop ');
    await editor(phone.page).click();
    await phone.page.keyboard.press('End');
    await phone.page.keyboard.type(' phone');
    // The same task: renamed on the laptop, moved on the phone.
    for (const tab of [page, phone.page]) await tab.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Kanban Board' }).click();
    await laptopBoard.card('Offline task').click();
    await laptopBoard.dialog.getByLabel('Title').fill('Offline task, renamed');
    await laptopBoard.dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(laptopBoard.dialog).toBeHidden();
    await phoneBoard.card('Offline task').hover();
    await phone.page.getByRole('button', { name: 'Actions for Offline task' }).click();
    await phone.page.getByRole('menuitem', { name: 'Done' }).click();
    await expect(syncStatus(page)).toHaveAttribute('data-status', 'offline');

    await page.context().setOffline(false);
    await phone.context.setOffline(false);
    await expectSameWorkspace(page, phone.page);
    const data = await storedData(page);
    expect(data?.pages.find((candidate) => candidate.id === 'page-shared')?.content.map((block) => block.content)).toEqual(['laptop middle phone']);
    expect(data?.kanbanBoard.columns.find((column) => column.title === 'Done')?.itemIds).toEqual(['laptop-task']);
    expect(data?.kanbanBoard.items['laptop-task']?.content).toBe('Offline task, renamed');
    await phone.context.close();
  });
});

test('a server restart in the middle of syncing: the devices carry on once it is back, nothing lost', async ({ browser }) => {
  const deployment = await startDeployment();
  try {
    const laptop = await browser.newContext({ baseURL: deployment.origin });
    const laptopPage = await laptop.newPage();
    const link = await laptopWithSync(laptopPage, 'Before the restart');
    const phone = await browser.newContext({ baseURL: deployment.origin });
    const phonePage = await phone.newPage();
    await joinSync(phonePage, link);
    const laptopBoard = new BoardPage(laptopPage);
    const phoneBoard = new BoardPage(phonePage);
    await laptopBoard.open();
    await phoneBoard.open();
    await expectSynced(phonePage);

    const restart = deployment.restart();
    const during = secret('During the restart');
    await addTask(laptopPage, during);
    await restart;
    // The realtime socket comes back (1, 2, 5 s) and each device reads and sends what it missed.
    await expect(phoneBoard.card(during)).toBeVisible({ timeout: 30_000 });
    const after = secret('After the restart');
    await addTask(phonePage, after);
    await expect(laptopBoard.card(after)).toBeVisible({ timeout: 30_000 });
    await expectSameWorkspace(laptopPage, phonePage);
    await laptop.close();
    await phone.close();
  } finally {
    await deployment.stop();
  }
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

import { BoardPage } from '../support/board.ts';
import { expect, test } from '../support/fixtures.ts';
import { startDeployment } from '../support/deployment.ts';
import { storedData } from '../support/stored-workspace.ts';
import {
  addTask, editor, expectSameWorkspace, expectSynced, joinSync, laptopAndPhone, laptopWithSync, secret, syncStatus,
} from '../support/sync.ts';

// Sync across devices (docs/decisions/068-end-to-end-encrypted-sync.md), its merging: two browser contexts are two
// devices on the real server. Offline edits, the same page and task changed on both, a tab closed mid-edit and a
// server restart all end with both devices holding the same workspace and nothing lost; a tampered message is
// refused whole.

test('offline, a device keeps its changes and says so; back online, it sends them', async ({ page, browser }) => {
  const phone = await laptopAndPhone(page, browser, secret('Online'));
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
  const phone = await laptopAndPhone(page, browser, secret('Before'));
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

test('a rename on one device and a move on the other both land; a change made just before its tab closed is sent by the next tab', async ({ page, browser }) => {
  // Two devices and a closed tab: it timed out at 30 s in two of four clean CI runs on 2026-11-28, when the whole
  // end-to-end stage ran 2.5 times slower than the day before; the move had landed, the phone's menu click had not
  // returned (to look into: whether the phone's tab was busy, see the issue 32 note).
  test.setTimeout(90_000);
  const phone = await laptopAndPhone(page, browser, 'Shared task');
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
  const phone = await laptopAndPhone(page, browser, 'Typing');
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
    const phone = await laptopAndPhone(page, browser, 'Offline task');
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
  // A server of its own, started twice, and two devices: 15-20 s of work on a loaded machine before any wait.
  test.setTimeout(90_000);
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

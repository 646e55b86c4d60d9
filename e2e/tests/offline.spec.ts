import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { BoardPage } from '../support/board.ts';
import { expect, onboard, setAdminFlag, test } from '../support/fixtures.ts';
import { startDeployment } from '../support/deployment.ts';
import { precachedPaths, waitForServiceWorker } from '../support/offline.ts';
import { page as seedPage, seed, workspace } from '../support/seed.ts';

// Offline and installable (decision 055): the service worker precaches the build, the workspace works with the
// network off, the site and admin say they need a connection. The other specs block service workers.
// Offline, the browser reports each request it could not make (the visitor count's socket, the blog's API call).
test.use({ serviceWorkers: 'allow', allowConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

const distAssets = new URL('../../apps/web/dist/assets/', import.meta.url);

function offlineWorkspace() {
  return workspace({
    columns: [{ id: 'todo', title: 'To-do', itemIds: [] }, { id: 'done', title: 'Finished', itemIds: [] }],
    items: [],
    pages: [seedPage({ id: 'page-offline', title: 'Field notes' })],
  });
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Page content' });
const mindMapNode = (page: Page, label: string) => page.locator('.react-flow__node').filter({ hasText: label });
const waitUntilSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');

test.beforeEach(async ({ page }) => {
  await onboard(page);
});

test('after one visit every workspace screen works offline, and nothing is lost back online', async ({ page, context }) => {
  const board = new BoardPage(page);
  await seed(page, offlineWorkspace());
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  // Every chunk of the build is precached (the screens are lazy chunks; the page editor's is the largest).
  const built = readdirSync(distAssets).filter((file) => /\.(js|css)$/.test(file)).map((file) => `/assets/${file}`);
  const precached = await precachedPaths(page);
  expect(built.filter((path) => !precached.includes(path))).toEqual([]);
  expect(precached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await board.open();
  await page.getByRole('button', { name: 'Create Task' }).click();
  await board.dialog.getByLabel('Title').fill('Written on the train');
  await board.dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await board.waitUntilSaved();

  await page.goto('/notes-and-docs/page-offline');
  await editor(page).click();
  await page.keyboard.type('No signal here');
  await expect(editor(page)).toContainText('No signal here');
  await waitUntilSaved(page);

  await page.goto('/mind-map');
  await page.getByRole('toolbar', { name: 'Mind map' }).getByRole('button', { name: 'Add Node' }).click();
  await expect(mindMapNode(page, 'New Idea')).toHaveCount(1);
  await waitUntilSaved(page);

  await context.setOffline(false);
  await page.reload();
  await expect(mindMapNode(page, 'New Idea')).toHaveCount(1);
  await page.goto('/notes-and-docs/page-offline');
  await expect(editor(page)).toContainText('No signal here');
  await board.open();
  await expect.poll(() => board.titles('To-do')).toEqual(['Written on the train']);
});

test('the blog says it needs a connection, links to the workspace, and loads once back online', async ({ page, context }) => {
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/blog');
  const notice = page.getByTestId('offline-notice');
  await expect(notice.getByRole('heading', { level: 1, name: 'This page needs a connection' })).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open your workspace' })).toHaveAttribute('href', '/dashboard');
  await expectNoSeriousA11yViolations(page);

  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
});

test('an admin screen offline shows the notice inside the admin frame', async ({ page, context }) => {
  await setAdminFlag(page);
  await page.goto('/dashboard');
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'This page needs a connection' })).toBeVisible();
});

// The browser fetches a new sw.js itself, outside Playwright's routing, so the new build is real: a copy of the
// build served by a server of its own, whose files the test then replaces as a deploy would.
test('a new build is offered, and Reload brings it in with nothing lost', async ({ page }) => {
  test.setTimeout(90_000);
  const deployment = await startDeployment();
  try {
    const board = new BoardPage(page);
    await seed(page, offlineWorkspace());
    await page.goto(`${deployment.origin}/kanban-board`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Create Task' }).click();
    await board.dialog.getByLabel('Title').fill('Kept through the update');
    await board.dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(board.card('Kept through the update')).toBeVisible();

    deployment.deployNewBuild('2');
    // What the hourly check does.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Update available' });
    await expect(toast).toBeVisible();
    await expect(page.locator('meta[name="grove-build"]')).toHaveCount(0);

    await toast.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="grove-build"]')).toHaveAttribute('content', '2');
    await expect(page.getByRole('heading', { level: 1, name: 'Kanban Board' })).toBeVisible();
    await expect.poll(() => board.titles('To-do')).toEqual(['Kept through the update']);
  } finally {
    // The page first: open on a stopped server, its realtime socket (the presence join, made when the browser is
    // idle after the reload) fails to connect and says so in the console.
    await page.close();
    await deployment.stop();
  }
});

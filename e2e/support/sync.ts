import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BoardPage } from './board.ts';
import { expect, onboard } from './fixtures.ts';
import { seed, task, workspace } from './seed.ts';
import { storedData } from './stored-workspace.ts';

// Two devices are two browser contexts (their own storage) on the real server; sync is driven through Settings → Sync.

/** A new device: a browser context of its own, with a page. */
export async function newDevice(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** Turns sync on from Settings and returns the pairing link shown. */
export async function turnOnSync(page: Page): Promise<string> {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Sync' });
  await section.getByRole('button', { name: 'Turn on sync' }).click();
  const link = section.getByLabel('Pairing link');
  await expect(link).toHaveValue(/#grove-sync=/);
  return link.inputValue();
}

/** Opens a pairing link and joins its space from the dialog. */
export async function joinSync(page: Page, link: string): Promise<void> {
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Join a sync space?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog).toBeHidden();
}

export const syncStatus = (page: Page) => page.getByTestId('sync-status');

export async function expectSynced(page: Page): Promise<void> {
  await expect(syncStatus(page)).toHaveAttribute('data-status', 'synced');
}

/** Adds a task to the To-do column through the board's dialog. */
export async function addTask(page: Page, title: string): Promise<void> {
  const board = new BoardPage(page);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await board.dialog.getByLabel('Title').fill(title);
  await board.dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(board.dialog).toBeHidden();
}

/** Every file under `dir` whose bytes contain `text` (UTF-8). */
export function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file);
      else if (stat.isFile() && readFileSync(file).includes(needle)) found.push(file);
    }
  };
  walk(dir);
  return found;
}

/** Words no other test writes, so finding them in the server's files can only mean sync leaked them. */
export const secret = (label: string) => `${label} ${randomBytes(6).toString('hex')}`;

export function laptopWorkspace(title: string) {
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

export const editor = (tab: Page) => tab.getByRole('textbox', { name: 'Page content' });

/** Both devices hold the same workspace, stored (what Export writes is made from it). */
export async function expectSameWorkspace(a: Page, b: Page): Promise<void> {
  await expect.poll(async () => isDeepStrictEqual(await storedData(a), await storedData(b)), { timeout: 20_000 }).toBe(true);
}

/** The first device: onboarded, seeded with laptopWorkspace, sync turned on; returns the pairing link. */
export async function laptopWithSync(page: Page, title: string): Promise<string> {
  await onboard(page);
  await seed(page, laptopWorkspace(title));
  const link = await turnOnSync(page);
  await expectSynced(page);
  return link;
}

/** The laptop of laptopWithSync and a phone (a new device) that joined its space from the link. */
export async function laptopAndPhone(page: Page, browser: Browser, title: string): Promise<{ context: BrowserContext; page: Page }> {
  const link = await laptopWithSync(page, title);
  const phone = await newDevice(browser);
  await joinSync(phone.page, link);
  return phone;
}

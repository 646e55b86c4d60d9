import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  colouredPixels, consoleProblems, emojiFontRequests, fontconfigWithoutColourFonts, installedCopyOf, launchWithFonts,
} from '../support/emoji-fonts.ts';
import { expect, onboard, test } from '../support/fixtures.ts';
import { precachedPaths, waitForServiceWorker } from '../support/offline.ts';
import { page as seedPage, seed, workspace } from '../support/seed.ts';

// Page icons are emoji, and a machine without a colour emoji font drew them as empty boxes (issue 34, decision 074).
// Grove sets them in the system's emoji font when it has one, else in its own Noto Color Emoji: the offered icons
// from one 30 KB cut, any other emoji from the slice of Noto that holds it. Each test starts Chromium seeing the
// machine's fonts without any colour font (support/emoji-fonts.ts), so it does not depend on what is installed.

const CUT = /^noto-color-emoji-page-icons-[\w-]+\.woff2$/;
const distAssets = fileURLToPath(new URL('../../apps/web/dist/assets/', import.meta.url));

function iconWorkspace() {
  return workspace({
    columns: [{ id: 'todo', title: 'To-do', itemIds: [] }],
    items: [],
    pages: [
      seedPage({ id: 'launch', title: 'Launch plan', icon: '🚀', createdAt: '2026-03-01T09:00:00.000Z' }),
      // ☀️ and ⚙️ are text characters made emoji by U+FE0F: the fonts the text is set in draw them black and white.
      seedPage({ id: 'sunny', title: 'Sunny days', icon: '☀️', parentId: 'launch', createdAt: '2026-03-02T09:00:00.000Z' }),
      seedPage({ id: 'settings', title: 'Settings notes', icon: '⚙️', createdAt: '2026-03-03T09:00:00.000Z' }),
    ],
  });
}

/** A page of `browser` with the icons' workspace, onboarded, its console watched. */
async function openWorkspace(browser: Browser, baseURL: string | undefined, serviceWorkers: 'allow' | 'block' = 'block') {
  const context = await browser.newContext({ baseURL, serviceWorkers });
  const page = await context.newPage();
  // Offline, the browser reports each request it could not make (the visitor count's socket).
  const problems = consoleProblems(page, serviceWorkers === 'allow' ? [/net::ERR_INTERNET_DISCONNECTED/] : []);
  const requests = emojiFontRequests(page);
  await onboard(page);
  await seed(page, iconWorkspace());
  await page.addInitScript(() => window.localStorage.setItem('grove-expanded-pages', JSON.stringify(['launch'])));
  return { context, page, problems, requests };
}

const expectColour = (icon: Locator) => expect.poll(() => colouredPixels(icon), { message: 'coloured pixels of the icon' }).toBeGreaterThan(40);

/** The icons of every place that shows them: the dashboard's Recent Pages, the tree, a page's breadcrumbs and header. */
async function expectEveryPlaceInColour(page: Page) {
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent Pages' }).locator('.page-icon');
  await expect(recent).toHaveCount(3);
  for (const icon of await recent.all()) await expectColour(icon);

  await page.goto('/notes-and-docs');
  const tree = page.getByRole('tree', { name: 'Pages' });
  await expect(tree.getByRole('treeitem')).toHaveCount(3);
  for (const title of ['Launch plan', 'Sunny days', 'Settings notes']) {
    await expectColour(tree.getByRole('treeitem', { name: title }).locator('.page-icon'));
  }

  await page.goto('/notes-and-docs/sunny');
  await expectColour(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Launch plan' }).locator('.page-icon'));
  await expectColour(page.getByRole('button', { name: 'Change page icon' }).locator('.page-icon'));
}

test('without an emoji font on the machine, the offered icons draw in colour from Grove\'s cut alone, and the public pages fetch no emoji font', async ({ playwright, launchOptions, baseURL }) => {
  const browser = await launchWithFonts(playwright.chromium, launchOptions, fontconfigWithoutColourFonts());
  try {
    // A visitor not yet onboarded: '/' is the landing page (an onboarded one is sent to the dashboard).
    const visitor = await (await browser.newContext({ baseURL, serviceWorkers: 'block' })).newPage();
    const visitorProblems = consoleProblems(visitor);
    const visitorRequests = emojiFontRequests(visitor);
    for (const [path, heading] of [['/', 'Unlock Your Productivity'], ['/blog', 'Blog']] as const) {
      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await visitor.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href?.includes('page-icon')).length)).toBe(0);
    }
    expect(visitorRequests).toEqual([]);
    expect(visitorProblems).toEqual([]);

    const { page, problems, requests } = await openWorkspace(browser, baseURL);
    await expectEveryPlaceInColour(page);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((file) => !CUT.test(file)), 'only the cut of the offered icons').toEqual([]);
    const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family));
    expect(faces).toContain('Grove Icon Emoji');

    // The same icon in the app's text fonts, as it was set before, is not in colour: this machine has no emoji font.
    const header = page.getByRole('button', { name: 'Change page icon' }).locator('.page-icon');
    await header.evaluate((element: HTMLElement) => element.style.setProperty('font-family', 'var(--font-sans)'));
    await expect.poll(() => colouredPixels(header)).toBe(0);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a custom emoji typed in the picker draws in colour from the one slice of Noto Color Emoji that holds it', async ({ playwright, launchOptions, baseURL }) => {
  const browser = await launchWithFonts(playwright.chromium, launchOptions, fontconfigWithoutColourFonts());
  try {
    const { page, problems, requests } = await openWorkspace(browser, baseURL);
    await page.goto('/notes-and-docs/settings');
    const header = page.getByRole('button', { name: 'Change page icon' });
    await expectColour(header.locator('.page-icon'));

    await header.click();
    await page.getByLabel('Any emoji').fill('🦊');
    await page.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(header.locator('.page-icon')).toHaveText('🦊');
    await expectColour(header.locator('.page-icon'));
    const slices = requests.filter((file) => !CUT.test(file));
    expect(slices).toEqual([expect.stringMatching(/^noto-color-emoji-\d+-[\w-]+\.woff2$/)]);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('a machine with its own Noto Color Emoji draws the icons with it and downloads no emoji font', async ({ playwright, launchOptions, baseURL }) => {
  // Grove's cut, installed as a font of the machine: its name is Noto Color Emoji, which the faces ask for by local().
  const cut = readdirSync(distAssets).find((file) => CUT.test(file));
  if (!cut) throw new Error('No cut of the page icons in apps/web/dist/assets: build first.');
  const installed = await installedCopyOf(`${distAssets}${cut}`, 'NotoColorEmoji.ttf');
  const browser = await launchWithFonts(playwright.chromium, launchOptions, fontconfigWithoutColourFonts(installed));
  try {
    const { page, problems, requests } = await openWorkspace(browser, baseURL);
    await expectEveryPlaceInColour(page);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('icons drawn once from Grove\'s font draw offline too: the service worker keeps the file it fetched, and precaches no emoji font', async ({ playwright, launchOptions, baseURL }) => {
  const browser = await launchWithFonts(playwright.chromium, launchOptions, fontconfigWithoutColourFonts());
  try {
    const { context, page, problems } = await openWorkspace(browser, baseURL, 'allow');
    await page.goto('/notes-and-docs');
    await waitForServiceWorker(page);
    expect((await precachedPaths(page)).filter((path) => path.includes('noto-color-emoji'))).toEqual([]);
    // Now that the worker answers, the icons' file goes through it.
    await page.reload();
    const icon = page.getByRole('tree', { name: 'Pages' }).getByRole('treeitem', { name: 'Launch plan' }).locator('.page-icon');
    await expectColour(icon);
    await expect.poll(() => page.evaluate(async () => {
      const cached = await (await caches.open('grove-emoji-fonts')).keys();
      return cached.map((request) => new URL(request.url).pathname.split('/').pop() ?? '');
    })).toEqual([expect.stringMatching(CUT)]);

    // Offline and without the browser's HTTP cache, only the worker's copy can draw them.
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.goto('/notes-and-docs/sunny');
    await expectColour(page.getByRole('button', { name: 'Change page icon' }).locator('.page-icon'));
    await expectColour(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Launch plan' }).locator('.page-icon'));
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

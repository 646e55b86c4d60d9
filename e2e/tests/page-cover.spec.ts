import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, holdToast, onboard, test } from '../support/fixtures.ts';
import { page as seedPage, seed, workspace } from '../support/seed.ts';
import { storedData } from '../support/stored-workspace.ts';

// A page's cover and icon (docs/product.md, Pages; decision 048): the picked image is stored downscaled as WebP
// (or JPEG), a file that is not an image is refused with the spec's alert, a cover the browser storage cannot
// hold is undone without losing anything, and the icon picker sets, types and resets the icon.

const PAGE_ID = 'trip';
const PATH = `/notes-and-docs/${PAGE_ID}`;

const tripWorkspace = () => workspace({
  columns: [{ id: 'todo', title: 'To-do', itemIds: [] }],
  items: [],
  pages: [seedPage({ id: PAGE_ID, title: 'Trip notes' })],
});

const storedPage = async (page: Page) => (await storedData(page))?.pages[0];
const waitUntilSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
const iconButton = (page: Page) => page.getByRole('button', { name: 'Change page icon' });
const toast = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

/** A PNG made in the page: a gradient with per-pixel noise, which compresses badly (a hard case for the budget). */
async function noisyPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(async ([w, h]) => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(w, h);
    for (let y = 0; y < h; y += 1) {
      for (let x = 0; x < w; x += 1) {
        const at = (y * w + x) * 4;
        const noise = Math.random() * 60 - 30;
        image.data[at] = (x / w) * 200 + noise;
        image.data[at + 1] = (y / h) * 180 + 40 + noise;
        image.data[at + 2] = 120 + noise;
        image.data[at + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('no blob'))), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
    return btoa(text);
  }, [width, height] as const);
  return Buffer.from(base64, 'base64');
}

/** Picks a file through the button's file chooser, as a user would. */
async function pickFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** The stored cover's type and pixel width, decoded by the browser. */
const decodeCover = (page: Page, dataUrl: string) => page.evaluate(async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  return { type: url.slice(5, url.indexOf(';')), width: image.naturalWidth, height: image.naturalHeight };
}, dataUrl);

test.beforeEach(async ({ page }) => {
  await onboard(page);
  await seed(page, tripWorkspace());
});

test('a large photo is stored downscaled as WebP or JPEG under 300 KB, persists, and Remove can be undone', async ({ page }) => {
  await page.goto(PATH);
  await expect(page.getByRole('button', { name: 'Add cover' })).toBeVisible();

  await pickFile(page, 'Add cover', { name: 'photo.png', mimeType: 'image/png', buffer: await noisyPng(page, 3000, 2000) });
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, 'Cover added')).toBeVisible();
  await waitUntilSaved(page);
  const cover = (await storedPage(page))?.coverImage ?? '';
  expect(cover.length).toBeLessThan(300_000);
  const decoded = await decodeCover(page, cover);
  expect(['image/webp', 'image/jpeg']).toContain(decoded.type);
  expect(decoded.width).toBeLessThanOrEqual(1600);
  expect(decoded.width / decoded.height).toBeCloseTo(1.5, 1);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeAttached();
  expect((await storedPage(page))?.coverImage).toBe(cover);

  await page.getByRole('button', { name: 'Remove cover' }).click();
  await expect(page.getByRole('button', { name: 'Add cover' })).toBeVisible();
  await holdToast(toast(page, 'Cover removed'));
  await waitUntilSaved(page);
  expect((await storedPage(page))?.coverImage).toBeUndefined();
  await toast(page, 'Cover removed').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeAttached();
  await waitUntilSaved(page);
  expect((await storedPage(page))?.coverImage).toBe(cover);
});

const notImages = [
  { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
  { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('this is not a png') },
];
for (const file of notImages) {
  test(`${file.name} (${file.mimeType}) gets "Please select a valid image file." and changes nothing`, async ({ page }) => {
    await page.goto(PATH);
    await expect(iconButton(page)).toBeVisible();
    const before = await storedPage(page);
    await pickFile(page, 'Add cover', file);
    await expect(page.getByText('Please select a valid image file.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add cover' })).toBeVisible();
    expect(await storedPage(page)).toEqual(before);
  });
}

test('an SVG is drawn to pixels: the stored cover is WebP or JPEG, never SVG', async ({ page }) => {
  await page.goto(PATH);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300"><rect width="800" height="300" fill="#2f6f4f"/>'
    + '<circle cx="400" cy="150" r="100" fill="#f3d9a4"/><script>alert(1)</script></svg>';
  await pickFile(page, 'Add cover', { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(page.getByRole('button', { name: 'Change cover' })).toBeAttached();
  await waitUntilSaved(page);
  const cover = (await storedPage(page))?.coverImage ?? '';
  expect(cover).not.toContain('svg');
  const decoded = await decodeCover(page, cover);
  expect(['image/webp', 'image/jpeg']).toContain(decoded.type);
  expect(decoded).toMatchObject({ width: 800, height: 300 });
});

test.describe('when the browser storage is nearly full', () => {
  // One pattern: Playwright would read a second array element as the option's settings.
  test.use({ allowConsoleErrors: [/Saving the workspace failed|QuotaExceededError|exceeded the quota/] });

  test('a cover that does not fit is undone, the user is told, and the page and other data stay stored', async ({ page }) => {
    await page.goto(PATH);
    await expect(iconButton(page)).toBeVisible();
    const photo = await noisyPng(page, 2400, 1600);
    // Fill the origin's storage to all but ~20,000 characters: room for the page's own edits, not for a cover.
    await page.evaluate(() => {
      let low = 0;
      let high = 12 * 1024 * 1024;
      while (high - low > 1024) {
        const middle = Math.floor((low + high) / 2);
        try {
          window.localStorage.setItem('e2e-filler', 'x'.repeat(middle));
          low = middle;
        } catch {
          high = middle;
        }
      }
      window.localStorage.setItem('e2e-filler', 'x'.repeat(Math.max(0, low - 20_000)));
    });
    const before = await storedPage(page);

    await pickFile(page, 'Add cover', { name: 'photo.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText(/This cover does not fit in your browser's storage/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Add cover' })).toBeVisible();
    await waitUntilSaved(page);
    expect(await storedPage(page)).toEqual(before);

    await page.reload();
    await expect(iconButton(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add cover' })).toBeVisible();
    expect(await storedPage(page)).toEqual(before);
    expect(await page.evaluate(() => window.localStorage.getItem('e2e-filler')?.length)).toBeGreaterThan(1_000_000);
  });
});

test('the icon picker sets a suggested icon, moves with the arrow keys, takes a typed emoji, and empty means the default', async ({ page }) => {
  await page.goto(PATH);
  await iconButton(page).click();
  const picker = page.getByRole('dialog', { name: 'Page icon' });
  await picker.getByRole('button', { name: 'Rocket' }).click();
  await expect(picker).toBeHidden();
  await expect(iconButton(page)).toHaveText('🚀');
  await expect(iconButton(page)).toBeFocused();
  await waitUntilSaved(page);
  expect((await storedPage(page))?.icon).toBe('🚀');

  // Focus opens on the current icon; arrow keys move in the grid.
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('button', { name: 'Rocket' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(picker.getByRole('button', { name: 'Star' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('button', { name: 'Tools' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(iconButton(page)).toHaveText('🚀');

  await iconButton(page).click();
  await picker.getByLabel('Any emoji').fill('🦊');
  await picker.getByLabel('Any emoji').press('Enter');
  await expect(iconButton(page)).toHaveText('🦊');

  await iconButton(page).click();
  await picker.getByLabel('Any emoji').fill('x'.repeat(17));
  await picker.getByLabel('Any emoji').press('Enter');
  await expect(picker.getByText(/at most 16 characters/)).toBeVisible();
  await expect(iconButton(page)).toHaveText('🦊');

  await picker.getByLabel('Any emoji').fill('');
  await picker.getByLabel('Any emoji').press('Enter');
  await expect(iconButton(page)).toHaveText('📄');
  await waitUntilSaved(page);
  expect((await storedPage(page))?.icon).toBe('📄');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the page header with a cover and the icon picker open passes axe in ${theme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((value) => window.localStorage.setItem('grove-theme', value), theme);
    await page.goto(PATH);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><rect width="1200" height="400" fill="#9fc7a4"/></svg>';
    await pickFile(page, 'Add cover', { name: 'cover.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect(page.getByRole('button', { name: 'Change cover' })).toBeAttached();
    await iconButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Page icon' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

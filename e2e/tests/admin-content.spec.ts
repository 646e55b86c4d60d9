import { randomUUID } from 'node:crypto';
import { signInAdmin } from '../support/admin.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { AdminApi, openBlogAt, trackSubscriptions, type ApiPost } from '../support/site.ts';
import type { Locator, Page } from '@playwright/test';

// docs/product.md, Admin: the blog posts table and editor, and the site content editor, against the real server.
// The posts database is shared with other specs: every title is unique, no test assumes an empty list, and each
// test removes the posts it made.

// A 1×1 PNG: the server checks the bytes, not the name.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

let admin: AdminApi;
const made: string[] = [];

test.beforeAll(async () => {
  admin = await AdminApi.login();
});

test.afterAll(async () => {
  await admin.dispose();
});

test.afterEach(async () => {
  const list = await fetch(`http://localhost:${process.env.E2E_PORT ?? ''}/api/posts`).then((response) => response.json()) as ApiPost[];
  for (const post of list.filter((entry) => made.includes(entry.title))) await admin.deletePost(post.id);
  made.length = 0;
});

async function openBlogAdmin(page: Page): Promise<void> {
  await signInAdmin(page);
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
}

async function openNewPost(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test('the admin writes a post with an image, and a reader sees it on /blog and its page', async ({ page }) => {
  const title = unique('Spring planting');
  made.push(title);
  await openBlogAdmin(page);
  const dialog = await openNewPost(page);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Excerpt').fill('What to sow first.');
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Start with peas.\n\n  Then beans & <herbs>.  \n');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('p')).toHaveText(['Start with peas.', 'Then beans & <herbs>.']);
  await dialog.getByLabel('Tags').fill(' garden, , spring ');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'seed packet.png', mimeType: 'image/png', buffer: PNG });
  const image = dialog.getByRole('img', { name: 'The post\'s image' });
  await expect(image).toHaveAttribute('src', /^\/storage\/blog_images\/\d+_seed_packet\.png$/);
  await dialog.getByRole('button', { name: 'Save Post' }).click();

  await expect(toast(page, 'Post created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('rowheader', { name: title })).toBeVisible();

  const card = await openBlogAt(page, title);
  // The card offers the server's WebP copies too, for the browser to pick by its width (decision 077).
  const cardItem = page.getByRole('list', { name: 'Blog' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(cardItem.locator('img'))
    .toHaveAttribute('srcset', /^\/storage\/blog_images\/\d+_seed_packet\.png\/w500\.webp 500w, .+\/w1600\.webp 1600w$/);
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[data-rich-html] p')).toHaveText(['Start with peas.', 'Then beans & <herbs>.']);
  const cover = page.locator('img[src^="/storage/blog_images/"]');
  await expect(cover).toBeVisible();
  // The browser drew one of the server's WebP copies (srcset), not the upload itself (a 1 px image drawn as 800w
  // has a natural width of 0, so its load is checked by the copy's own response).
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete ? img.currentSrc : ''))
    .toMatch(/\/storage\/blog_images\/\d+_seed_packet\.png\/w\d+\.webp$/);
  const copy = await cover.evaluate(async (img: HTMLImageElement) => {
    const response = await fetch(img.currentSrc);
    return { status: response.status, type: response.headers.get('content-type') };
  });
  expect(copy).toEqual({ status: 200, type: 'image/webp' });
  await expect(page.getByText('garden', { exact: true })).toBeVisible();
  await expect(page.getByText('spring', { exact: true })).toBeVisible();
});

test('title, excerpt and content are required; closing with changes asks first', async ({ page }) => {
  await openBlogAdmin(page);
  const dialog = await openNewPost(page);
  await dialog.getByRole('button', { name: 'Save Post' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Excerpt is required.')).toBeVisible();
  await expect(dialog.getByText('Content is required.')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Title').fill('A draft');
  await expect(dialog.getByText('Title is required.')).toBeHidden();
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('A draft');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // Nothing typed: closing does not ask.
  const again = await openNewPost(page);
  await again.getByRole('button', { name: 'Close' }).click();
  await expect(again).toBeHidden();
  await expect(ask).toBeHidden();
});

test('an image of 5 MB or more is refused with the spec\'s message', async ({ page }) => {
  await openBlogAdmin(page);
  const dialog = await openNewPost(page);
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/storage/')) uploads += 1;
  });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
  });
  // The toast, and the same words inside the modal (which hides the toast region from the accessibility tree).
  await expect(page.locator('[data-sonner-toast]').getByText('File is too large. Please select an image under 5MB.')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('File is too large. Please select an image under 5MB.');
  await expect(dialog.getByRole('img')).toHaveCount(0);
  expect(uploads).toBe(0);
});

test.describe('a post read that fails', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 503/] });

  test('the editor reads the whole post when it opens (the list holds titles only); a failed read offers Try again', async ({ page }) => {
    const title = unique('Read on open');
    const post = await admin.createPost({ title, excerpt: 'E.', content: '<p>Only in the post.</p>', tags: [] });
    made.push(title);
    let failing = true;
    await page.route(`**/api/posts/${post.id}`, (route) => (failing ? route.fulfill({ status: 503, json: { error: 'Down.' } }) : route.fallback()));
    await openBlogAdmin(page);
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    await expect(dialog.getByRole('alert')).toContainText('The post could not be loaded.');
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveCount(0);
    failing = false;
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Content' })).toHaveValue('Only in the post.');
    await expect(dialog.getByLabel('Title')).toBeFocused();
  });
});

test('editing turns paragraphs back into text and saves the change', async ({ page }) => {
  const title = unique('Autumn notes');
  const post = await admin.createPost({ title, excerpt: 'Leaves.', content: '<p>First line.</p>\n<p>Second &amp; last.</p>', tags: ['a', 'b'] });
  made.push(title, `${title} (revised)`);
  await openBlogAdmin(page);
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await expect(content).toHaveValue('First line.\n\nSecond & last.');
  await expect(dialog.getByLabel('Tags')).toHaveValue('a, b');
  await dialog.getByLabel('Title').fill(`${title} (revised)`);
  await content.fill('First line.\n\nSecond & last.\nA third, new.');
  await dialog.getByRole('button', { name: 'Save Post' }).click();
  await expect(toast(page, 'Post updated successfully!')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: `${title} (revised)` })).toBeVisible();

  await page.goto(`/blog/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (revised)` })).toBeVisible();
  await expect(page.locator('[data-rich-html] p')).toHaveText(['First line.', 'Second & last.', 'A third, new.']);
});

test('delete asks first, then removes the post', async ({ page }) => {
  const title = unique('Old news');
  await admin.createPost({ title, excerpt: 'Gone soon.', content: '<p>Bye.</p>' });
  made.push(title);
  await openBlogAdmin(page);
  const row = page.getByRole('rowheader', { name: title });
  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${title}"? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Post deleted successfully.')).toBeVisible();
  await expect(row).toBeHidden();
});

test('the table follows posts added and removed elsewhere, live', async ({ page }) => {
  const title = unique('Written elsewhere');
  made.push(title);
  const subscriptions = trackSubscriptions(page);
  await openBlogAdmin(page);
  await subscriptions.ready('blog_posts');
  const post = await admin.createPost({ title, excerpt: 'Live.', content: '<p>Live.</p>' });
  await expect(page.getByRole('rowheader', { name: title })).toBeVisible();
  await admin.deletePost(post.id);
  await expect(page.getByRole('rowheader', { name: title })).toBeHidden();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a title with a 78-letter word wraps in the table and the dashboard; the editor keeps Save in view', async ({ page }) => {
    const title = unique('Notes on Pneumonoultramicroscopicsilicovolcanoconiosis-and-other-very-long-filenames.md');
    made.push(title);
    await admin.createPost({ title, excerpt: 'Long words.', content: '<p>Long words.</p>' });
    const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await openBlogAdmin(page);
    await expect(page.getByRole('rowheader', { name: title })).toBeVisible();
    await noOverflow();
    await page.goto('/admin/dashboard');
    // Posts other specs add at the same time may push this one out of the newest five: any loaded list will do.
    await expect(page.getByRole('list', { name: 'Recent Blog Posts' }).getByRole('link').first()).toBeVisible();
    await noOverflow();
    await page.goto('/admin/site-content');
    await expect(page.getByRole('rowheader', { name: /privacy/ })).toContainText('Privacy Policy');
    await noOverflow();

    // The form is taller than the screen: its actions stay pinned to the dialog's bottom edge, inside the screen.
    await page.goto('/admin/blog');
    const dialog = await openNewPost(page);
    const save = dialog.getByRole('button', { name: 'Save Post' });
    await expect(save).toBeInViewport({ ratio: 1 });
    await dialog.getByLabel('Tags').scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    await noOverflow();
  });
});

test('an edit of /contact in site content (not /about, which site-pages.spec edits in parallel) shows on the public page', async ({ page }) => {
  const before = await admin.siteContent('contact');
  const sentence = unique('Edited in the admin');
  try {
    await signInAdmin(page);
    await page.goto('/admin/site-content');
    await expect(page.getByRole('rowheader', { name: /contact/ })).toBeVisible();
    await page.getByRole('button', { name: 'Edit contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit: contact' });
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await expect(content).toHaveValue(before.content);
    await content.fill('');
    await dialog.getByRole('button', { name: 'Save Page' }).click();
    await expect(dialog.getByText('Content is required.')).toBeVisible();
    await content.fill(`<h2>Contact Grove</h2>\n<p>${sentence}</p>`);
    await expect(dialog.getByRole('region', { name: 'Preview' }).getByText(sentence)).toBeVisible();
    await dialog.getByRole('button', { name: 'Save Page' }).click();
    await expect(toast(page, 'Page updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 2, name: 'Contact Grove' })).toBeVisible();
    await expect(page.locator('[data-rich-html] p')).toHaveText([sentence]);
  } finally {
    await admin.updateSiteContent('contact', before.content);
  }
});

// One test per screen and theme: four axe scans in one test came near its 30 s on a loaded machine (failed twice).
for (const scheme of ['light', 'dark'] as const) {
  test(`the admin blog screen and its post dialog pass axe in the ${scheme} theme`, async ({ page }) => {
    const title = unique('Axe check');
    await admin.createPost({ title, excerpt: 'For the scan.', content: '<p>Scan me.</p>' });
    made.push(title);
    await page.emulateMedia({ colorScheme: scheme });
    await openBlogAdmin(page);
    await expect(page.getByRole('rowheader', { name: title })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const dialog = await openNewPost(page);
    await dialog.getByRole('button', { name: 'Save Post' }).click();
    await dialog.getByRole('textbox', { name: 'Content' }).fill('A paragraph for the preview.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  });

  test(`the admin site content screen and its edit dialog pass axe in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAdmin(page);
    await page.goto('/admin/site-content');
    await page.getByRole('button', { name: 'Edit about' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit: about' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('rowheader', { name: /about/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

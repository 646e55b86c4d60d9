import { expect, onboard, stored, test } from '../support/fixtures.ts';

const isDark = () => document.documentElement.classList.contains('dark');

test.describe('themes', () => {
  test.beforeEach(async ({ page }) => {
    await onboard(page);
  });

  test('a chosen theme applies at once and survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    expect(await page.evaluate(isDark)).toBe(false);
    await page.getByText('Dark', { exact: true }).click();
    await expect.poll(() => page.evaluate(isDark)).toBe(true);
    await expect.poll(() => stored(page, 'grove-theme')).toBe('dark');
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

    await page.getByText('Light', { exact: true }).click();
    await expect.poll(() => page.evaluate(isDark)).toBe(false);
  });

  test('system follows the operating system preference live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/settings');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(await page.evaluate(isDark)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(isDark)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(isDark)).toBe(true);
  });

  test('the app takes over the saved theme without ever switching it (no flash after load)', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => {
      window.localStorage.setItem('grove-theme', 'dark');
      const changes: string[] = [];
      (window as { themeChanges?: string[] }).themeChanges = changes;
      // Observes from before <html> exists: every class the root element ever gets is recorded.
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target === document.documentElement) changes.push(document.documentElement.className);
        }
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['class'] });
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const changes = await page.evaluate(() => (window as { themeChanges?: string[] }).themeChanges ?? []);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((className) => className.split(' ').includes('dark'))).toBe(true);
  });

  test('another tab changing the theme is followed', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/dashboard');
    // The app listens for the other tab's writes once it has started.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/settings');
    await other.getByText('Dark', { exact: true }).click();
    await expect.poll(() => page.evaluate(isDark)).toBe(true);
  });
});

test.describe('first paint', () => {
  // The aborted app bundle is reported as a failed resource load.
  test.use({ allowConsoleErrors: [/Failed to load resource/] });

  test('the saved theme is applied before the app script runs (no flash)', async ({ page }) => {
    await onboard(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => window.localStorage.setItem('grove-theme', 'dark'));
    // Hold back the app bundle: whatever is painted now comes from index.html and theme-init.js alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(isDark)).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(16, 23, 20)');
  });
});

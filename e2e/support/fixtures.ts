import { test as base, expect, type Locator, type Page } from '@playwright/test';

interface Fixtures {
  /** Console messages of type error that a test expects; anything else fails the test. */
  allowConsoleErrors: RegExp[];
  consoleGuard: undefined;
}

/** Every test fails on an unexpected console error or uncaught page error. */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [async ({ page, allowConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (!allowConsoleErrors.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(undefined);
    expect(problems, 'unexpected errors in the browser console').toEqual([]);
  }, { auto: true }],
});

export { expect };

/** What the browser logs when a page it opens answers 404 (an unknown post's page does, decision 054). */
export const PAGE_NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

/** Marks onboarding completed before any page script runs (every navigation of this page). */
export async function onboard(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('grove-onboarding-completed', 'true'));
}

export async function setAdminFlag(page: Page): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('grove-admin', 'true'));
}

/** Reads a localStorage value of the current page. */
export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((storageKey) => window.localStorage.getItem(storageKey), key);
}

/**
 * Marks the toasts on screen now, so that `newToast` finds only one shown after. Sonner puts the newest toast
 * first and keeps the older ones up for 5 s, with the same words when the same thing was done twice ('Data imported
 * successfully!' of the import before): `getByText(…).last()` found that older one, and the test went on before
 * its own action had finished.
 */
export async function markShownToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) toast.setAttribute('data-e2e-shown-before', '');
  });
}

/** A toast with this text shown since the last `markShownToasts`. */
export const newToast = (page: Page, text: string | RegExp): Locator =>
  page.locator('[data-sonner-toast]:not([data-e2e-shown-before])').filter({ hasText: text });

/**
 * Waits for a toast and keeps it up: sonner pauses its 5 s timer while the pointer is over the toasts, as it is
 * when a person goes to click the toast's action. For a test that checks other things before it clicks Undo there,
 * which a busy machine can stretch past the 5 s.
 */
export async function holdToast(toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await toast.hover();
}

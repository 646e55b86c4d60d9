import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

// The admin area in the browser (docs/product.md, Admin and Admin security): the key is the one the e2e server
// generated into its data directory.

export function adminSecretKey(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts.');
  return readFileSync(path.join(dataDir, 'admin-secret-key'), 'utf8').trim();
}

/** Unlocks through the login form and waits for the dashboard. */
export async function unlockAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Secret Key').fill(adminSecretKey());
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * A real server session for this page's context (the cookie) plus the UI flag, without the form: for tests of
 * other admin screens. Call before the first navigation. On the suite's server, or on another one (a deployment).
 */
export async function signInAdmin(page: Page, server?: { origin: string; adminKey: () => string }): Promise<void> {
  const origin = server?.origin ?? `http://localhost:${process.env.E2E_PORT ?? ''}`;
  // Writes carry this site's Origin, as a browser's would (the server's CSRF check).
  const response = await page.request.post(`${origin}/api/admin/session`, {
    data: { key: server ? server.adminKey() : adminSecretKey() },
    headers: { origin },
  });
  expect(response.status(), 'admin sign-in').toBe(204);
  await page.addInitScript(() => window.sessionStorage.setItem('grove-admin', 'true'));
}

export const adminFlag = (page: Page): Promise<string | null> => page.evaluate(() => window.sessionStorage.getItem('grove-admin'));

/** The figure of one dashboard stat card ('visitors', 'posts', 'site-pages'). */
export const statValue = (page: Page, stat: string): Locator => page.locator(`[data-stat="${stat}"] [data-stat-value]`);

export async function visitorCount(page: Page): Promise<number> {
  return Number((await statValue(page, 'visitors').textContent())?.replace(/\D/g, '') ?? Number.NaN);
}

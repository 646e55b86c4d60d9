import { expect, type Page } from '@playwright/test';

// The public pages ('/', '/blog', '/blog/:id', '/about', '/contact', '/privacy', '/terms') come from the server as
// HTML, and small scripts enhance them once loaded (decision 075, apps/web/src/public/). Until then a link still
// works (the browser follows it), but a button does nothing: a test that clicks a button there waits for this.

/**
 * The current page is interactive: a server-rendered public page is marked `#root[data-ssr="enhanced"]` once its
 * scripts have enhanced it (apps/web/src/public/enhance.ts); one the app took over, `hydrated` (app/router.tsx,
 * HydratedMark); a page the browser rendered itself, once its first heading is React's.
 */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(() => {
  const root = document.getElementById('root');
  if (root?.dataset.ssr === 'hydrated' || root?.dataset.ssr === 'enhanced') return true;
  if (root?.dataset.ssr === 'hydrate' || root?.dataset.ssr === 'enhance') return false;
  const heading = document.querySelector('#root h1');
  return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
});

/** Waits until the app has taken the current page over. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page), { message: `the app has taken ${page.url()} over` }).toBe(true);
}

import { expect, type Page } from '@playwright/test';

// The public pages ('/', '/blog', '/blog/:id', '/about', '/contact', '/privacy', '/terms') come from the server as
// HTML, and the browser takes them over one frame after load, once the route's code is in (decisions 054, 059,
// apps/web/src/main.tsx). Until then a link still works (the browser follows it), but a button does nothing and a
// client-side navigation is not heard: a test that clicks a button or changes the address there waits for this.

/**
 * The app has the current page: a server-rendered one is marked `#root[data-ssr="hydrated"]` once its route has
 * hydrated and its effects ran (apps/web/src/app/router.tsx, HydratedMark: a hydration error has been logged by
 * then); a page the browser rendered itself, once its first heading is React's.
 */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(() => {
  const root = document.getElementById('root');
  if (root?.dataset.ssr === 'hydrated') return true;
  if (root?.dataset.ssr === 'hydrate') return false;
  const heading = document.querySelector('#root h1');
  return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
});

/** Waits until the app has taken the current page over. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page), { message: `the app has taken ${page.url()} over` }).toBe(true);
}

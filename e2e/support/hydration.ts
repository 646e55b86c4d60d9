import { expect, type Page } from '@playwright/test';

// The public pages ('/', '/blog', '/blog/:id', '/about', '/contact', '/privacy', '/terms') come from the server as
// HTML, and the browser takes them over one frame after load, once the route's code is in (decision 054,
// apps/web/src/main.tsx). Until then a link still works (the browser follows it), but a button does nothing and a
// client-side navigation is not heard: a test that clicks a button or changes the address there waits for this.

/** React has claimed the page's first heading: the server's HTML was taken over (or the page rendered afresh). */
export const isHydrated = (page: Page): Promise<boolean> => page.evaluate(() => {
  const heading = document.querySelector('#root h1');
  return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
});

/**
 * Waits until the app has taken the current page over. Every screen sits under one Suspense boundary
 * (apps/web/src/app/router.tsx), hydrated in one commit: once its heading is React's, so are its buttons.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect.poll(() => isHydrated(page), { message: `the app has taken ${page.url()} over` }).toBe(true);
}

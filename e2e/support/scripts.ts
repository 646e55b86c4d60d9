import { expect, type Browser, type Page } from '@playwright/test';
import { waitForHydration } from './hydration.ts';

/** Collects the URLs of the scripts the page fetches from now on. */
export function collectScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') urls.push(response.url());
  });
  return urls;
}

/** Whether any of these scripts holds the text (a library's own marker, such as a CSS class it sets). */
export async function anyScriptHolds(page: Page, urls: readonly string[], marker: string): Promise<boolean> {
  const bodies = await Promise.all([...new Set(urls)].map((url) => page.request.get(url).then((response) => response.text())));
  return bodies.some((body) => body.includes(marker));
}

/** The scripts a first visit to the landing page fetches (a fresh browser context: nothing cached, no workspace). */
export async function landingPageScripts(browser: Browser): Promise<string[]> {
  const visitor = await browser.newContext();
  try {
    const landing = await visitor.newPage();
    const urls = collectScripts(landing);
    await landing.goto('/');
    // The landing page's own chunks (its layout and screen) load after the page itself, for the app to take the
    // server's HTML over: every script the visit needs is in once it has.
    await waitForHydration(landing);
    expect(urls.length).toBeGreaterThan(0);
    return urls;
  } finally {
    await visitor.close();
  }
}

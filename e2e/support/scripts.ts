import type { Page } from '@playwright/test';

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

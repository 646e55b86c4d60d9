import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS, APP_PATHS, PUBLIC_PATHS } from '../src/lib/paths.ts';
import { EMOJI_FONT_URL, isSiteNavigation, WORKSPACE_NAVIGATION } from './pwa-routes.ts';

const navigation = (path: string) => ({ request: { mode: 'navigate' } as Request, url: new URL(path, 'https://grove.test') });
const isWorkspace = (path: string) => {
  const url = new URL(path, 'https://grove.test');
  return WORKSPACE_NAVIGATION.test(url.pathname + url.search);
};

describe('service worker navigation routes', () => {
  it('serves every workspace screen from the cached shell, with a query string and a page id', () => {
    for (const path of Object.values(APP_PATHS)) {
      expect(isWorkspace(path), path).toBe(true);
      expect(isSiteNavigation(navigation(path)), path).toBe(false);
    }
    expect(isWorkspace('/kanban-board?task=task-1')).toBe(true);
    expect(isWorkspace('/notes-and-docs/page-123')).toBe(true);
  });

  it('sends public and admin pages to the network first', () => {
    for (const path of [...Object.values(PUBLIC_PATHS), ...Object.values(ADMIN_PATHS), '/blog/some-post']) {
      expect(isSiteNavigation(navigation(path)), path).toBe(true);
      expect(isWorkspace(path), path).toBe(false);
    }
  });

  it('leaves the API, storage, feeds and other files to the network', () => {
    for (const path of ['/api/posts', '/storage/images/a.webp', '/sitemap.xml', '/robots.txt', '/feed.xml', '/blog.xml', '/dashboard.json']) {
      expect(isWorkspace(path), path).toBe(false);
      expect(isSiteNavigation(navigation(path)), path).toBe(false);
    }
  });

  it('only takes navigations, not fetches of the same paths', () => {
    expect(isSiteNavigation({ request: { mode: 'cors' } as Request, url: new URL('https://grove.test/blog') })).toBe(false);
  });

  it('knows the emoji font files by their built names, and nothing else', () => {
    for (const file of ['noto-color-emoji-page-icons-CUeutGb6.woff2', 'noto-color-emoji-0-BPIedGNT.woff2', 'noto-color-emoji-10-PFa1w9r7.woff2']) {
      expect(EMOJI_FONT_URL.test(`https://grove.test/assets/${file}`), file).toBe(true);
    }
    for (const path of ['/assets/inter-latin-wght400-900-Dy3DCgWy.woff2', '/assets/page-icon-CTJWlukE.css', '/noto-color-emoji-0.woff2']) {
      expect(EMOJI_FONT_URL.test(`https://grove.test${path}`), path).toBe(false);
    }
  });
});

import { APP_PATHS } from '../src/lib/paths.ts';

// Which navigations the service worker answers how (decision 055); build/pwa-routes.test.ts checks them against
// src/lib/paths.ts. Anything else (/api, /storage, /sitemap.xml, /robots.txt, /feed.xml, unknown paths) is left
// to the network.

/**
 * Public and admin pages (PUBLIC_PATHS, ADMIN_PATHS): the server answers these (rendered HTML, fresh data), so the
 * network goes first and the cached app shell answers only when it fails. Copied into sw.js as source text, so it
 * may use nothing from this file.
 */
export function isSiteNavigation({ request, url }: { request: Request; url: URL }): boolean {
  return request.mode === 'navigate'
    && /^\/(?:$|(?:blog|about|contact|privacy|terms|admin)(?:\/[^.]*)?$)/.test(url.pathname);
}

/** The workspace screens (APP_PATHS; a page has its id after /notes-and-docs/), query string allowed. */
const screens = Object.values(APP_PATHS).map((path) => (path === APP_PATHS.pages ? `${path}(?:/[^/?.]+)?` : path));
export const WORKSPACE_NAVIGATION = new RegExp(`^(?:${screens.join('|')})/?(?:\\?.*)?$`);

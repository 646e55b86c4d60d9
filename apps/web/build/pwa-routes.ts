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

/**
 * Grove's emoji fonts (decision 074): the page icons' cut and the Noto Color Emoji slices, which vite.config.ts names
 * `noto-color-emoji-*`. They stay out of the precache, so a browser with an emoji font of its own never downloads
 * them; one the browser did fetch is kept in a cache of its own (sw.js), so the icons it drew draw offline too.
 */
export const EMOJI_FONT_GLOB = 'assets/noto-color-emoji-*.woff2';
export const EMOJI_FONT_URL = /\/assets\/noto-color-emoji-[^/]+\.woff2$/;

import { VitePWA } from 'vite-plugin-pwa';
import { EMOJI_FONT_GLOB, EMOJI_FONT_URL, isSiteNavigation, WORKSPACE_NAVIGATION } from './pwa-routes.ts';

// The service worker and web app manifest (decision 055). Workbox writes the worker (generateSW): precache of
// the whole build, one navigation rule per route group. The client registers it itself after the page's load
// (src/lib/pwa/), so nothing is injected into index.html but the manifest link.

export function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    devOptions: { enabled: false },
    manifest: {
      name: 'Grove',
      short_name: 'Grove',
      description: 'A local-first productivity workspace: board, pages, calendar, mind map and garden.',
      id: '/dashboard',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // index.html's theme-color (light); the dark one is set by the page once it runs.
      theme_color: '#f7f6f1',
      background_color: '#f7f6f1',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // Every built file the screens may ask for: the shell, all JS and CSS chunks (each screen is a lazy chunk),
      // icons and fonts. Not the .br/.gz copies, nor dist/.vite (the build manifest).
      globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2,webmanifest}'],
      // The emoji fonts only where the browser needs them (decision 074): cached below once fetched.
      globIgnores: ['**/node_modules/**/*', EMOJI_FONT_GLOB],
      // The page editor's chunk is ~400 KB; Workbox silently skips files over its 2 MiB default, so leave room.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      // The first visit's tab is taken over at once, so it works offline without a reload. An update still waits
      // for the user (registerType 'prompt'): a waiting worker activates only when told to.
      clientsClaim: true,
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [WORKSPACE_NAVIGATION],
      runtimeCaching: [{
        urlPattern: isSiteNavigation,
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      }, {
        // Hashed names never change content. Twelve files at most are in use; older builds' ones age out.
        urlPattern: EMOJI_FONT_URL,
        handler: 'CacheFirst',
        options: { cacheName: 'grove-emoji-fonts', expiration: { maxEntries: 24 } },
      }],
    },
  });
}

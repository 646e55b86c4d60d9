/// <reference types="vite-plugin-pwa/vanillajs" />
// The service worker (decision 055) from a server-rendered public page: registered once the page has loaded (its
// code, workbox-window, is a chunk of its own), and a new version offered with the same toast as the app's
// (lib/pwa/register-service-worker.ts). A public page holds no workspace, so Reload needs to save nothing first.
import { checkForUpdatesEvery, UPDATE_CHECK_MS } from '@/lib/pwa/update-check.ts';
import { text } from '../strings.ts';

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('virtual:pwa-register').then(({ registerSW }) => {
      const activateUpdate = registerSW({
        immediate: true,
        onNeedRefresh: () => void import('../toast.ts').then(({ showToast }) => showToast({
          id: 'pwa-update',
          type: 'info',
          title: text('pwa.updateAvailable'),
          description: text('pwa.updateDescription'),
          duration: Infinity,
          action: {
            label: text('pwa.reload'),
            onClick: () => {
              navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
              void activateUpdate();
            },
          },
        })),
        onNeedReload: () => {},
        onRegisteredSW: (_url, registration) => {
          if (registration) checkForUpdatesEvery(UPDATE_CHECK_MS, registration);
        },
        onRegisterError: (error: unknown) => console.warn('The service worker could not be registered.', error),
      });
    }, (error: unknown) => {
      // Without it the pages still work online; only offline use and updates in place are lost.
      console.warn('The service worker code could not be loaded.', error);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

import { i18next } from '@/i18n/i18n.ts';

/**
 * Starts the service worker (decision 055) once the page has loaded: its code (workbox-window, the update prompt)
 * is a chunk of its own, fetched after the first paint, so the landing page's first load carries only this
 * function. Off in the Vite dev server and in tests, where `import.meta.env.PROD` is false.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    // The texts come in as `t`: importing i18n in that chunk made Rollup split the landing page's shared chunks.
    import('./register-service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker(i18next.t.bind(i18next)), (error: unknown) => {
      // Without it the app still works online; only offline use and updates in place are lost.
      console.warn('The service worker code could not be loaded.', error);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

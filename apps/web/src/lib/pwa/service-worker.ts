import { i18next } from '@/i18n/i18n.ts';
import { INPUT_QUIET_MS, whenInputQuiet } from '@/lib/when-idle.ts';

/** The longest the registration waits after 'load', however busy the page. */
const LATEST_MS = 30_000;

/**
 * Starts the service worker (decision 055) once the page has loaded, nobody has typed, pressed or scrolled for 2 s
 * and the browser is idle; 30 s after 'load' at the latest. Its code (workbox-window, the update prompt) is a chunk
 * of its own, so the first load carries only this function, and the 'load' event comes while the app still draws
 * its first screen. On a first visit the worker's install fetches and stores the whole build: started while someone
 * types, it made their keys' p95 36.6 ms instead of 20.5 on this 2-core machine (bench:pages, issue 33). Off in the
 * Vite dev server and in tests, where `import.meta.env.PROD` is false.
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
  const startWhenQuiet = () => whenInputQuiet(start, INPUT_QUIET_MS, LATEST_MS);
  if (document.readyState === 'complete') startWhenQuiet();
  else window.addEventListener('load', startWhenQuiet, { once: true });
}

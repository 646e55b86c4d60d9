import { i18next } from '@/i18n/i18n.ts';
import { whenIdle } from '@/lib/when-idle.ts';

/** The longest the registration waits for the browser to be idle after 'load'. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Starts the service worker (decision 055) once the page has loaded and the browser is idle: its code
 * (workbox-window, the update prompt) is a chunk of its own, so the first load carries only this function, and the
 * 'load' event comes while the app still draws its first screen (on a later visit, before the store has started):
 * registering then would share that time. Idle, or 2 s after 'load' at the latest. Off in the Vite dev server and in
 * tests, where `import.meta.env.PROD` is false.
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
  const startWhenIdle = () => whenIdle(start, IDLE_TIMEOUT_MS);
  if (document.readyState === 'complete') startWhenIdle();
  else window.addEventListener('load', startWhenIdle, { once: true });
}

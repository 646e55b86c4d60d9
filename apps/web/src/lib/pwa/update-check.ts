/** How often an open tab asks the server for a new service worker (a deploy). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Asks for a new service worker every `intervalMs` while online (the app's and the public pages' registrations). */
export function checkForUpdatesEvery(intervalMs: number, registration: ServiceWorkerRegistration): void {
  window.setInterval(() => {
    if (!navigator.onLine || registration.installing) return;
    // Offline or the server unreachable: the next check tries again.
    registration.update().catch(() => {});
  }, intervalMs);
}

/// <reference types="vite-plugin-pwa/vanillajs" />
import { toast } from 'sonner';
import { registerSW } from 'virtual:pwa-register';
import type { TFunction } from 'i18next';
import { checkForUpdatesEvery, UPDATE_CHECK_MS } from './update-check.ts';

/**
 * Registers /sw.js. When a new version is installed and waiting, an unobtrusive toast offers to reload into it;
 * nothing changes until the user says so, so a half-typed page is never reloaded under them.
 */
export function registerServiceWorker(t: TFunction): void {
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate(t, activateUpdate),
    // vite-plugin-pwa reloads only when the page was controlled at registration (not a first visit's tab that the
    // worker claimed), so reloadIntoUpdate reloads itself, on every controller change it asked for.
    onNeedReload: () => {},
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdatesEvery(UPDATE_CHECK_MS, registration);
    },
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered.', error),
  });
}

function offerUpdate(t: TFunction, activateUpdate: () => Promise<void>): void {
  toast.info(t('pwa.updateAvailable'), {
    id: 'pwa-update',
    description: t('pwa.updateDescription'),
    duration: Infinity,
    action: { label: t('pwa.reload'), onClick: () => void reloadIntoUpdate(t, activateUpdate) },
  });
}

/**
 * Saves the open workspace first (its store saves on a timer), then lets the waiting worker take over; the page
 * reloads once it controls the page. If the workspace cannot be saved, the changes live only in this tab, so the
 * page stays as it is.
 */
async function reloadIntoUpdate(t: TFunction, activateUpdate: () => Promise<void>): Promise<void> {
  const { flushPageStore } = await import('@/lib/workspace-store/workspace-provider.tsx');
  if (!flushPageStore()) {
    toast.error(t('pwa.updateNotSaved'), { id: 'pwa-update' });
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await activateUpdate();
}

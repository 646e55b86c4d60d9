import { useSyncExternalStore } from 'react';
import { SyncController, type SyncView } from './sync-controller.ts';

// The page's one sync controller, on the page's workspace store (loaded and made only when sync needs it).

let controller: SyncController | null = null;

export function pageSync(): SyncController {
  controller ??= new SyncController({
    storage: window.localStorage,
    // Loaded here only when sync runs: the join dialog on a public page does not carry the workspace store.
    port: async () => (await import('@/lib/workspace-store/workspace-provider.tsx')).pageStore(),
    origin: window.location.origin,
  });
  return controller;
}

const OFF: SyncView = { on: false };
const subscribe = (listener: () => void) => pageSync().subscribe(listener);
const getView = () => pageSync().getView();

/** Sync as this page knows it: off, or on with the status the syncing tab last gave. */
export function useSyncView(): SyncView {
  return useSyncExternalStore(subscribe, getView, () => OFF);
}

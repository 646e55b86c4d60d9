import { PAIRING_PARAMETER } from '@grove/domain/sync/sync-wire';

// A pairing link opened in this tab (decision 068): its fragment is taken before anything else renders and removed
// from the address at once, so it is never in the history, a bookmark, a shared address or a screenshot of the
// address bar. It is read (readPairingFragment) by the join dialog, which loads only then (sync-join-dialog.tsx):
// this module is on every page's first load, so it only recognises the fragment.

const PREFIX = `#${PAIRING_PARAMETER}=`;

let pending: string | null = null;
const listeners = new Set<() => void>();

/** Takes a pairing fragment out of the address, if it holds one. Called once at start and on every hash change. */
export function capturePairing(): void {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(PREFIX)) return;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  pending = hash;
  for (const listener of listeners) listener();
}

export function startPairingCapture(): void {
  capturePairing();
  window.addEventListener('hashchange', capturePairing);
}

/** The pairing fragment taken from the address ('#grove-sync=…'), not yet read or checked. */
export const pendingPairing = (): string | null => pending;

export function clearPendingPairing(): void {
  pending = null;
  for (const listener of listeners) listener();
}

export function onPendingPairing(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

import { readPairingFragment, type Pairing } from '@grove/domain/sync/sync-wire';

// A pairing link opened in this tab (decision 068): its fragment is read before anything else and removed from the
// address at once, so it is never in the history, a bookmark, a shared address or a screenshot of the address bar.
// The join dialog (sync-join-dialog.tsx) then asks what to do with it.

let pending: Pairing | null = null;
const listeners = new Set<() => void>();

/** Takes a pairing out of the address's fragment, if it holds one. Called once at start and on every hash change. */
export function capturePairing(): void {
  const pairing = readPairingFragment(window.location.hash);
  if (!pairing) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  pending = pairing;
  for (const listener of listeners) listener();
}

export function startPairingCapture(): void {
  capturePairing();
  window.addEventListener('hashchange', capturePairing);
}

export const pendingPairing = (): Pairing | null => pending;

export function clearPendingPairing(): void {
  pending = null;
  for (const listener of listeners) listener();
}

export function onPendingPairing(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

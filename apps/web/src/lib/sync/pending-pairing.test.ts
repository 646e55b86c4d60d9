import { pairingFragment, readPairingFragment } from '@grove/domain/sync/sync-wire';
import { afterEach, describe, expect, it } from 'vitest';
import { newSpaceKey, newSyncId } from './sync-crypto.ts';
import { capturePairing, clearPendingPairing, onPendingPairing, pendingPairing } from './pending-pairing.ts';

describe('a pairing link opened in the tab', () => {
  afterEach(() => {
    clearPendingPairing();
    window.history.replaceState(null, '', '/');
  });

  it('is taken out of the address at once, keeping the path and query, and waits for the join dialog', () => {
    const pairing = { spaceId: newSyncId(), key: newSpaceKey() };
    window.history.replaceState(null, '', `/dashboard?view=list${pairingFragment(pairing)}`);
    let told = 0;
    const stop = onPendingPairing(() => (told += 1));
    capturePairing();
    expect(window.location.hash).toBe('');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/dashboard?view=list');
    expect(readPairingFragment(pendingPairing() ?? '')).toEqual(pairing);
    expect(told).toBe(1);
    clearPendingPairing();
    expect(pendingPairing()).toBeNull();
    stop();
  });

  it('leaves any other fragment alone, and takes a damaged pairing fragment out too (the dialog says it is incomplete)', () => {
    window.history.replaceState(null, '', '/#pricing');
    capturePairing();
    expect(window.location.hash).toBe('#pricing');
    expect(pendingPairing()).toBeNull();
    window.history.replaceState(null, '', '/#grove-sync=short.key');
    capturePairing();
    expect(window.location.hash).toBe('');
    expect(pendingPairing()).toBe('#grove-sync=short.key');
    expect(readPairingFragment('#grove-sync=short.key')).toBeNull();
  });
});

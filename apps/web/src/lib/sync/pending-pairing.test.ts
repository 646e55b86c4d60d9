import { pairingFragment } from '@grove/domain/sync/sync-wire';
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
    expect(pendingPairing()).toEqual(pairing);
    expect(told).toBe(1);
    clearPendingPairing();
    expect(pendingPairing()).toBeNull();
    stop();
  });

  it('leaves any other fragment alone', () => {
    window.history.replaceState(null, '', '/#pricing');
    capturePairing();
    expect(window.location.hash).toBe('#pricing');
    window.history.replaceState(null, '', '/#grove-sync=short.key');
    capturePairing();
    expect(window.location.hash).toBe('#grove-sync=short.key');
    expect(pendingPairing()).toBeNull();
  });
});

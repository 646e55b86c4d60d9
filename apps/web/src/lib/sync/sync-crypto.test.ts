import { describe, expect, it } from 'vitest';
import { fromBase64Url } from '@grove/domain/sync/sync-wire';
import { deriveSpaceKeys, newSpaceKey, newSyncId, openMessage, sealMessage, SyncIntegrityError } from './sync-crypto.ts';

const device = new Uint8Array(16).fill(3);
const update = (payload: number[], counter = 1) => ({ kind: 'update' as const, device, counter, covers: 0, payload: Uint8Array.from(payload) });

describe('sync cryptography', () => {
  it('makes random 16-byte ids and 32-byte keys', () => {
    const ids = new Set(Array.from({ length: 50 }, newSyncId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(fromBase64Url(id, 16)).not.toBeNull();
    expect(newSpaceKey()).toHaveLength(32);
    expect(newSpaceKey()).not.toEqual(newSpaceKey());
  });

  it('derives the same token from the same key and space, another for another space, and never the key itself', async () => {
    const key = newSpaceKey();
    const space = newSyncId();
    const [a, b, other] = await Promise.all([deriveSpaceKeys(space, key), deriveSpaceKeys(space, key), deriveSpaceKeys(newSyncId(), key)]);
    expect(a.token).toBe(b.token);
    expect(fromBase64Url(a.token, 32)).not.toBeNull();
    expect(other.token).not.toBe(a.token);
    expect(fromBase64Url(a.token, 32)).not.toEqual(key);
    expect(a.encryption.extractable).toBe(false);
    await expect(deriveSpaceKeys('short', key)).rejects.toThrow(/16-byte id/);
  });

  it('a sealed message opens with its space\'s keys as it was written; each seal has its own nonce', async () => {
    const keys = await deriveSpaceKeys(newSyncId(), newSpaceKey());
    const message = update([1, 2, 3], 7);
    const [first, second] = await Promise.all([sealMessage(keys, message), sealMessage(keys, message)]);
    expect(first).not.toEqual(second);
    await expect(openMessage(keys, 'update', first)).resolves.toEqual(message);
    // The plaintext does not appear in what the server stores.
    expect(Buffer.from(first).includes(Buffer.from([1, 2, 3]))).toBe(false);
  });

  it('refuses a message changed in any byte, moved from another space, passed off as the other kind, or cut short', async () => {
    const space = newSyncId();
    const key = newSpaceKey();
    const keys = await deriveSpaceKeys(space, key);
    const sealed = await sealMessage(keys, update([9, 9, 9, 9]));
    for (let index = 0; index < sealed.length; index += 1) {
      const changed = sealed.slice();
      changed[index] = (changed[index] as number) ^ 0x01;
      await expect(openMessage(keys, 'update', changed)).rejects.toBeInstanceOf(SyncIntegrityError);
    }
    const otherSpace = await deriveSpaceKeys(newSyncId(), key);
    await expect(openMessage(otherSpace, 'update', sealed)).rejects.toBeInstanceOf(SyncIntegrityError);
    await expect(openMessage(keys, 'snapshot', sealed)).rejects.toBeInstanceOf(SyncIntegrityError);
    await expect(openMessage(keys, 'update', sealed.slice(0, 20))).rejects.toBeInstanceOf(SyncIntegrityError);
    const wrongKey = await deriveSpaceKeys(space, newSpaceKey());
    await expect(openMessage(wrongKey, 'update', sealed)).rejects.toThrow('nothing was applied');
  });
});

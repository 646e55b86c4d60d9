import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { newSpaceKey, newSyncId } from './sync-crypto.ts';
import { newSyncConfig, pairingLink, pairingOf, parseSyncConfig, readSyncConfig, removeSyncConfig, writeSyncConfig } from './sync-config.ts';

const NOW = new Date('2026-11-28T10:00:00.000Z');

describe('the stored sync entry', () => {
  it('round-trips through storage, and its link carries the space and key in the fragment only', () => {
    const storage = new MemoryStorage();
    const pairing = { spaceId: newSyncId(), key: newSpaceKey() };
    const config = newSyncConfig(pairing, newSyncId(), NOW);
    writeSyncConfig(storage, config);
    expect(readSyncConfig(storage)).toEqual(config);
    expect(pairingOf(config)).toEqual(pairing);
    const link = new URL(pairingLink(config, 'https://grove.example'));
    expect(`${link.origin}${link.pathname}${link.search}`).toBe('https://grove.example/');
    expect(link.hash).toBe(`#grove-sync=${config.spaceId}.${config.key}`);
    removeSyncConfig(storage);
    expect(readSyncConfig(storage)).toBeNull();
  });

  it('is off for anything that is not a whole entry of ours: sync never starts on a half-read key', () => {
    const config = newSyncConfig({ spaceId: newSyncId(), key: newSpaceKey() }, newSyncId(), NOW);
    const broken: unknown[] = [
      { ...config, version: 2 },
      { ...config, key: config.key.slice(1) },
      { ...config, spaceId: 'not-an-id' },
      { ...config, device: undefined },
      { ...config, progress: { ...config.progress, counter: -1 } },
      { ...config, progress: { ...config.progress, accepted: { 'not-an-id': 1 } } },
      { ...config, progress: { ...config.progress, sentVector: 7 } },
      null,
      [],
    ];
    for (const value of broken) expect(parseSyncConfig(JSON.stringify(value))).toBeNull();
    expect(parseSyncConfig('{not json')).toBeNull();
    expect(parseSyncConfig(null)).toBeNull();
    expect(parseSyncConfig(JSON.stringify(config))).toEqual(config);
  });
});

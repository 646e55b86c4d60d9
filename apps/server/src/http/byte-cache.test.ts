import { describe, expect, it } from 'vitest';
import { ByteCache, ENTRY_OVERHEAD } from './byte-cache.ts';

const size = (key: string, bytes: number) => bytes + key.length * 2 + ENTRY_OVERHEAD;

describe('the byte budget', () => {
  it('drops the least recently used entries to stay within its bytes, and keeps nothing larger than the whole', () => {
    const cache = new ByteCache(size('a', 1000) * 2);
    cache.set('a', 'A', 1000, { stale: true });
    cache.set('b', 'B', 1000, { stale: true });
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 1000, { stale: true });
    // b was the least recently used.
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.bytes).toBe(size('a', 1000) * 2);
    cache.set('huge', 'H', cache.maxBytes, { stale: true });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('counts a replaced entry once, and drops only what a change can make stale', () => {
    const cache = new ByteCache(1_000_000);
    cache.set('read', 'old', 500, { stale: true });
    cache.set('read', 'new', 700, { stale: true });
    cache.set('image', 'png', 300, { stale: false });
    expect(cache.bytes).toBe(size('read', 700) + size('image', 300));
    cache.dropStale();
    expect(cache.get('read')).toBeUndefined();
    expect(cache.get('image')).toBe('png');
    expect(cache.bytes).toBe(size('image', 300));
  });
});

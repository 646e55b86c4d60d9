import type { ByteCache } from '../../http/byte-cache.ts';

export interface ObjectHead {
  contentType: string;
  etag: string;
}

export interface CachedObject extends ObjectHead {
  bytes: Buffer;
}

/**
 * Stored objects' bytes in the process's byte budget (http/byte-cache.ts, decision 066), least recently used
 * dropped first. Stored names are never reused and objects are never changed (names carry a timestamp, see
 * image-type.ts), so an entry can never go stale, on this instance or because of another one: a content change
 * keeps them.
 */
export class ObjectCache {
  constructor(private readonly store: ByteCache) {}

  get(key: string): CachedObject | undefined {
    return this.store.get<CachedObject>(`object:${key}`);
  }

  set(key: string, object: CachedObject): void {
    this.store.set(`object:${key}`, object, object.bytes.byteLength, { stale: false });
  }
}

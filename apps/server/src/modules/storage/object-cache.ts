export interface ObjectHead {
  contentType: string;
  etag: string;
}

export interface CachedObject extends ObjectHead {
  bytes: Buffer;
}

/**
 * Least-recently-used cache of stored objects' bytes, bounded by their total size. Stored names are never
 * reused and objects are never changed (names carry a timestamp, see image-type.ts), so an entry can never go
 * stale, on this instance or because of another one.
 */
export class ObjectCache {
  private readonly entries = new Map<string, CachedObject>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedObject | undefined {
    const object = this.entries.get(key);
    if (object) {
      // Re-inserted: Map order is the recency order, oldest first.
      this.entries.delete(key);
      this.entries.set(key, object);
    }
    return object;
  }

  set(key: string, object: CachedObject): void {
    if (object.bytes.byteLength > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.total -= previous.bytes.byteLength;
    }
    this.entries.set(key, object);
    this.total += object.bytes.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes.byteLength;
    }
  }
}

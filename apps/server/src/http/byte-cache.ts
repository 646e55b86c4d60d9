/** The process's one budget for what the server keeps in memory for readers (CACHE_MAX_MB, decision 066). */
export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

// What an entry costs beyond its bytes: the Map slot, the entry object, its headers and prepared copies.
export const ENTRY_OVERHEAD = 1024;

interface Entry {
  value: unknown;
  size: number;
  /** Dropped on every content change (a public read); otherwise kept until evicted (an image). */
  stale: boolean;
}

/**
 * Least-recently-used store bounded by bytes, shared by the public reads, the sitemap and feed, and the stored
 * images, under keys each user prefixes with its own namespace. Dropping an entry removes the only reference to
 * its buffers, so their memory can be freed.
 */
export class ByteCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(readonly maxBytes: number = DEFAULT_CACHE_MAX_BYTES) {}

  /** Bytes held (as counted: bodies, keys and each entry's allowance). */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-inserted: Map order is the recency order, oldest first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  /** Stores `value` as `bytes` long; one larger than the whole budget is not kept. */
  set(key: string, value: unknown, bytes: number, options: { stale: boolean }): void {
    this.delete(key);
    const size = bytes + key.length * 2 + ENTRY_OVERHEAD;
    if (size > this.maxBytes) return;
    this.entries.set(key, { value, size, stale: options.stale });
    this.total += size;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops every entry that a content change can make stale. */
  dropStale(): void {
    for (const [key, entry] of this.entries) if (entry.stale) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}

import { createHash } from 'node:crypto';

export interface CachedBody {
  body: string;
  etag: string;
}

const MAX_ENTRIES = 2000;

/**
 * Serialised public read responses, dropped whole on every content change event (from any instance, via
 * NOTIFY). A generation counter keeps a read that started before a change from storing its stale result.
 */
export class PublicCache {
  private generation = 0;
  private readonly entries = new Map<string, CachedBody>();

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    if (value === null || value === undefined) return null;
    const body = JSON.stringify(value);
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (generation === this.generation) {
      // Bounded: ids in URLs are chosen by clients, so the key space is not ours.
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, entry);
    }
    return entry;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

import { createHash } from 'node:crypto';

/** A public read ready to send: the body as bytes and every header it needs, computed once per change. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
}

const MAX_ENTRIES = 2000;

export function toCachedBody(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return {
    body,
    etag,
    headers: {
      etag,
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.byteLength),
    },
  };
}

/**
 * Serialised public read responses, keyed by the request path that reads them (`/api/posts`,
 * `/api/posts/<id>`, `/api/site-content/<slug>`) so the first onRequest hook can answer a plain GET of that
 * path before anything else runs (cached-reply.ts). Dropped whole on every content change event (from any instance, via
 * NOTIFY). A generation counter keeps a read that started before a change from storing its stale result.
 */
export class PublicCache {
  private generation = 0;
  private readonly entries = new Map<string, CachedBody>();

  /** The cached entry, synchronously: the onRequest hook's lookup. */
  peek(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    if (value === null || value === undefined) return null;
    const entry = toCachedBody(value);
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

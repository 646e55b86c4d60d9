import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ByteCache } from './byte-cache.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies smaller than this are sent as they are (as @fastify/compress's default threshold). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * A public read ready to send: the body as bytes (and, from 1 KiB, its Brotli and gzip forms) and every header it
 * needs but the length and encoding, computed once per change.
 */
export interface CachedBody {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
  /** 200 unless said: the one not-found post page is kept as a 404 (web-app.ts). */
  status?: 404;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A text body with its ETag and headers; `headers` adds to or overrides the defaults. */
export function toCachedText(text: string, contentType: string, headers: Record<string, string> = {}): CachedBody {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers: { etag, 'cache-control': 'no-cache', 'content-type': contentType, vary: 'Accept-Encoding', ...headers } };
}

export function toCachedBody(value: unknown, headers: Record<string, string> = {}): CachedBody {
  return toCachedText(JSON.stringify(value), JSON_TYPE, headers);
}

/** The body with its compressed forms added (made once, when it is stored). */
async function compressed(cached: CachedBody): Promise<CachedBody> {
  if (cached.body.byteLength < COMPRESS_MIN_BYTES) return cached;
  const [br, gzipped] = await Promise.all([
    brotli(cached.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: cached.body.byteLength } }),
    gz(cached.body),
  ]);
  return { ...cached, br, gzip: gzipped };
}

const sizeOf = (cached: CachedBody) => cached.body.byteLength + (cached.br?.byteLength ?? 0) + (cached.gzip?.byteLength ?? 0);

/**
 * Serialised public read responses, keyed by the request path that reads them (`/api/posts`,
 * `/api/posts/<id>`, `/api/site-content/<slug>`) so the first onRequest hook can answer a plain GET of that
 * path before anything else runs (cached-reply.ts), and documents under keys no request path has (`<origin>/…`).
 * They live in the process's byte budget (byte-cache.ts, decision 066) and are dropped on every content change
 * event (from any instance, via NOTIFY). A generation counter keeps a read that started before a change from
 * storing its stale result; reads of one key that overlap share one load.
 */
export class PublicCache {
  private generation = 0;
  private readonly loading = new Map<string, Promise<unknown>>();

  constructor(private readonly store: ByteCache) {}

  /** The cached entry, synchronously: the onRequest hook's lookup. */
  peek(key: string): CachedBody | undefined {
    return this.store.get<CachedBody>(`read:${key}`);
  }

  /** A JSON read: `load` gives the value, or null/undefined for none (not cached). */
  get(key: string, load: () => Promise<unknown>): Promise<CachedBody | null> {
    return this.getBody(key, async () => {
      const value = await load();
      return value === null || value === undefined ? null : toCachedBody(value);
    });
  }

  getBody(key: string, build: () => Promise<CachedBody | null>): Promise<CachedBody | null> {
    const hit = this.peek(key);
    if (hit) return Promise.resolve(hit);
    return this.memo(`read:${key}`, async () => {
      const built = await build();
      return built === null ? null : compressed(built);
    }, sizeOf);
  }

  /**
   * Any value derived from the content, kept in the byte budget as `size` says until content changes: `load`
   * runs once for overlapping asks, and its result is not kept if content changed while it ran. Null is not kept.
   */
  memo<T>(key: string, load: () => Promise<T>, size: (value: NonNullable<T>) => number): Promise<T> {
    const hit = this.store.get<T>(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.loading.get(key) as Promise<T> | undefined;
    if (pending) return pending;
    const generation = this.generation;
    const loaded = load().then((value) => {
      if (value !== null && value !== undefined && generation === this.generation) this.store.set(key, value, size(value), { stale: true });
      return value;
    }).finally(() => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    });
    this.loading.set(key, loaded);
    return loaded;
  }

  invalidate(): void {
    this.generation += 1;
    this.loading.clear();
    this.store.dropStale();
  }
}

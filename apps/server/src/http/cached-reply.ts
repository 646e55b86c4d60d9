import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { preferredCoding, type ContentCoding } from './content-coding.ts';
import { ifNoneMatch } from './etag.ts';
import type { CachedBody, PublicCache } from './public-cache.ts';
import { isHttps, securityHeaders } from './security.ts';

interface PreparedHeaders {
  ok: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

type Variant = `${'http' | 'https'}-${ContentCoding | 'identity'}`;

// Per cached body, scheme and coding, the complete header set, built once: a cache hit then costs one writeHead.
const prepared = new WeakMap<CachedBody, Partial<Record<Variant, PreparedHeaders>>>();

function headersFor(cached: CachedBody, https: boolean, coding: ContentCoding | undefined, body: Buffer): PreparedHeaders {
  let entry = prepared.get(cached);
  if (!entry) {
    entry = {};
    prepared.set(cached, entry);
  }
  const variant: Variant = `${https ? 'https' : 'http'}-${coding ?? 'identity'}`;
  let headers = entry[variant];
  if (!headers) {
    const security = securityHeaders(https);
    const { etag, 'cache-control': cacheControl, vary } = cached.headers;
    headers = {
      ok: { ...security, ...cached.headers, 'content-length': String(body.byteLength), ...(coding ? { 'content-encoding': coding } : {}) },
      notModified: { ...security, etag, 'cache-control': cacheControl, ...(vary ? { vary } : {}) },
    };
    entry[variant] = headers;
  }
  return headers;
}

/**
 * Writes a cached body with its ETag, compressed when the client accepts it, or 304 when the request's
 * If-None-Match matches it (browsers revalidate each time). The headers are the security headers every response
 * carries (security.ts) plus the body's own. A HEAD request gets the headers only (node:http drops the body).
 */
function writeCached(request: IncomingMessage, response: ServerResponse, cached: CachedBody, https: boolean): void {
  const wanted = cached.br || cached.gzip ? preferredCoding(rawHeader(request, 'accept-encoding')) : undefined;
  const coding = wanted && cached[wanted] ? wanted : undefined;
  const body = coding ? cached[coding] ?? cached.body : cached.body;
  const headers = headersFor(cached, https, coding, body);
  if (cached.status === undefined && ifNoneMatch(rawHeader(request, 'if-none-match'), cached.etag)) {
    response.writeHead(304, headers.notModified);
    response.end();
    return;
  }
  response.writeHead(cached.status ?? 200, headers.ok);
  response.end(body);
}

/**
 * A request header by lower-case name, read from rawHeaders (repeated lines joined by ', ', as node:http
 * joins them): `request.headers` is built on first use, an object per request that a cached read (the hot
 * path of bench:api) otherwise never needs when no cookie is sent.
 */
function rawHeader(request: IncomingMessage, name: string): string | undefined {
  const raw = request.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toLowerCase() === name) value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/** Sends a cached body: the reply is hijacked, so no later hook, onSend or onResponse runs for it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): void {
  reply.hijack();
  writeCached(request.raw, reply.raw, cached, isHttps(request));
}

/**
 * The public reads' fast path, the app's first onRequest hook: a GET or HEAD whose URL is a key of the public
 * cache (the routes store their bodies under their own path, see public-cache.ts) is answered from it before
 * cookies are parsed or anything else runs, and without touching the database. Everything else goes on to
 * the route, which fills the cache; a query string or percent-encoding never matches a key, so the route
 * normalises those. Fastify has already routed the request: while it closes, it answers 503 before hooks.
 */
export function serveCachedReads(cache: PublicCache): onRequestHookHandler {
  return (request, reply, done) => {
    const method = request.raw.method;
    const cached = method === 'GET' || method === 'HEAD' ? cache.peek(request.url) : undefined;
    if (cached === undefined) {
      done();
      return;
    }
    // Hijacked: Fastify runs no further hook, so done() is not called.
    sendCached(request, reply, cached);
  };
}

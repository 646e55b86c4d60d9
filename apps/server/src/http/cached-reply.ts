import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatch } from './etag.ts';
import type { CachedBody } from './public-cache.ts';
import { isHttps, securityHeaders } from './security.ts';

interface PreparedHeaders {
  ok: OutgoingHttpHeaders;
  notModified: OutgoingHttpHeaders;
}

// Per cached body and scheme, the complete header set, built once: a cache hit then costs one writeHead.
const prepared = new WeakMap<CachedBody, { http?: PreparedHeaders; https?: PreparedHeaders }>();

function headersFor(cached: CachedBody, https: boolean): PreparedHeaders {
  let entry = prepared.get(cached);
  if (!entry) {
    entry = {};
    prepared.set(cached, entry);
  }
  const scheme = https ? 'https' : 'http';
  let headers = entry[scheme];
  if (!headers) {
    const security = securityHeaders(https);
    headers = {
      ok: { ...security, ...cached.headers },
      notModified: { ...security, etag: cached.headers.etag, 'cache-control': cached.headers['cache-control'] },
    };
    entry[scheme] = headers;
  }
  return headers;
}

/**
 * Sends a cached JSON body with its ETag; browsers revalidate each time and get 304 when unchanged. The hot
 * path of the public reads (bench:api): the reply is hijacked and written straight to the socket with the
 * same headers Fastify would send (the security headers of the onRequest hook plus the body's own), so no
 * onSend/onResponse hooks, serialisation or header merging run per request. Such replies are not logged
 * by Fastify's request logger.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): void {
  const headers = headersFor(cached, isHttps(request));
  const raw = reply.raw;
  reply.hijack();
  if (ifNoneMatch(request.headers['if-none-match'], cached.etag)) {
    raw.writeHead(304, headers.notModified);
    raw.end();
    return;
  }
  raw.writeHead(200, headers.ok);
  raw.end(cached.body);
}

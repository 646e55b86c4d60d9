import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { rawHeader, writeCached } from './cached-reply.ts';
import type { PublicCache } from './public-cache.ts';

/**
 * The public reads' fast path, in front of Fastify: a GET or HEAD whose path is a key of the public cache
 * (the routes store their bodies under their own request path, see public-cache.ts) is answered from the
 * cache before routing, so a cache hit costs what a bare node:http server sending bytes costs (bench:api).
 * Everything else, and every request this path cannot judge alone, goes to Fastify unchanged:
 * - a query string or percent-encoding: the route normalises those, the cache is keyed by the plain path;
 * - TLS or an X-Forwarded-Proto header: which security headers apply (HSTS) depends on the trusted scheme,
 *   which Fastify's trust-proxy rules decide.
 * Requests answered here skip Fastify's request logging; the cached reads carry no cookies and no session.
 */
export function tryFrontCache(cache: PublicCache, request: IncomingMessage, response: ServerResponse): boolean {
  const { method, url } = request;
  if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
  if (url.includes('?') || url.includes('%')) return false;
  const cached = cache.peek(url);
  if (!cached) return false;
  if ((request.socket as Partial<TLSSocket>).encrypted || rawHeader(request, 'x-forwarded-proto') !== undefined) return false;
  writeCached(request, response, cached, false);
  return true;
}

interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

export interface FrontCache {
  /** For Fastify's serverFactory: the plain HTTP server Fastify would create (same timeouts), cache first. */
  serverFactory: (handler: RequestListener, options: ServerTimeouts) => Server;
  /**
   * From now on every request goes to Fastify, which answers 503 with `Connection: close` while it closes:
   * node:http closes only the connections idle at the moment of close(), so a keep-alive client that goes on
   * reading cached bodies would otherwise hold its connection, and the shutdown, open.
   */
  stop(): void;
}

export function createFrontCache(cache: PublicCache): FrontCache {
  let stopped = false;
  return {
    serverFactory(handler, options) {
      const server = createServer((request, response) => {
        if (stopped || !tryFrontCache(cache, request, response)) handler(request, response);
      });
      if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
      if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
      if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
      return server;
    },
    stop() {
      stopped = true;
    },
  };
}

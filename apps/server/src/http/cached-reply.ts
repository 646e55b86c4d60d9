import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './public-cache.ts';

const NOT_MODIFIED_HEADERS = ['etag', 'cache-control'] as const;

/**
 * Sends a cached JSON body with its ETag; browsers revalidate each time and get 304 when unchanged. The
 * bytes and headers were prepared when the entry was cached, so nothing is serialised or hashed here.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  if (request.headers['if-none-match'] === cached.etag) {
    for (const name of NOT_MODIFIED_HEADERS) reply.header(name, cached.headers[name]);
    return reply.code(304).send();
  }
  return reply.headers(cached.headers).send(cached.body);
}

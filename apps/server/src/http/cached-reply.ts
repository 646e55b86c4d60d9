import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from './public-cache.ts';

/** Sends a cached JSON body with its ETag; browsers revalidate each time and get 304 when unchanged. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  reply.header('ETag', cached.etag).header('Cache-Control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

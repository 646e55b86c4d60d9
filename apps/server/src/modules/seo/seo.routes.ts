import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatch } from '../../http/etag.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import type { SeoService } from './seo.service.ts';

/**
 * Sends a document revalidated on every use: an ETag of its bytes, and 304 when the reader already has them.
 * Not in the public cache (http/public-cache.ts): that is keyed by path alone, while these bodies also depend
 * on the origin (the request's own when PUBLIC_URL is unset).
 */
function sendDocument(request: FastifyRequest, reply: FastifyReply, body: string, contentType: string): FastifyReply {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/** GET /sitemap.xml, /feed.xml and /robots.txt, with absolute URLs on PUBLIC_URL or the request's origin. */
export function registerSeoRoutes(app: FastifyInstance, service: SeoService, publicUrl: string | undefined): void {
  app.get('/sitemap.xml', async (request, reply) =>
    sendDocument(request, reply, await service.sitemap(siteOrigin(request, publicUrl)), 'application/xml; charset=utf-8'));

  app.get('/feed.xml', async (request, reply) =>
    sendDocument(request, reply, await service.feed(siteOrigin(request, publicUrl)), 'application/rss+xml; charset=utf-8'));

  app.get('/robots.txt', async (request, reply) =>
    sendDocument(request, reply, service.robots(siteOrigin(request, publicUrl)), 'text/plain; charset=utf-8'));
}

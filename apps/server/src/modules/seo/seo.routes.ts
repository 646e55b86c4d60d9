import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCached } from '../../http/cached-reply.ts';
import { ifNoneMatch } from '../../http/etag.ts';
import { toCachedText, type PublicCache } from '../../http/public-cache.ts';
import { siteOrigin } from '../../http/site-origin.ts';
import type { SeoService } from './seo.service.ts';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';

/**
 * GET /sitemap.xml, /feed.xml and /robots.txt, with absolute URLs on PUBLIC_URL or the request's origin. The
 * sitemap and the feed are cached until content changes (decision 066), under the origin they are written for;
 * each is sent with an ETag, revalidated on every use. Without PUBLIC_URL the body follows the Host: Vary says so.
 */
export function registerSeoRoutes(app: FastifyInstance, service: SeoService, cache: PublicCache, publicUrl: string | undefined): void {
  const vary = publicUrl ? 'Accept-Encoding' : 'Accept-Encoding, Host';

  const cachedDocument = (path: string, contentType: string, build: (origin: string) => Promise<string>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = siteOrigin(request, publicUrl);
      const cached = await cache.getBody(`${origin}${path}`, async () => toCachedText(await build(origin), contentType, { vary }));
      if (cached) sendCached(request, reply, cached);
    };

  app.get('/sitemap.xml', cachedDocument('/sitemap.xml', XML, (origin) => service.sitemap(origin)));
  app.get('/feed.xml', cachedDocument('/feed.xml', RSS, (origin) => service.feed(origin)));

  // Built per request: a few lines of text, no database.
  app.get('/robots.txt', async (request, reply) => {
    const body = service.robots(siteOrigin(request, publicUrl));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', vary);
    if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/plain; charset=utf-8').send(body);
  });
}

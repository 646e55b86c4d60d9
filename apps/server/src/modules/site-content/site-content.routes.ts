import { siteContentPatchSchema, slugSchema } from '@grove/domain/content/site-content';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { sendCached } from '../../http/cached-reply.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import type { PublicCache } from '../../http/public-cache.ts';
import type { SiteContentService } from './site-content.service.ts';

function slugParam(params: unknown): string {
  const slug = (params as { slug?: unknown }).slug;
  if (!slugSchema.safeParse(slug).success) throw new HttpError(404, 'Page not found.');
  return slug as string;
}

export function registerSiteContentRoutes(
  app: FastifyInstance,
  service: SiteContentService,
  cache: PublicCache,
  requireAdmin: onRequestAsyncHookHandler,
): void {
  app.get('/api/site-content/:slug', async (request, reply) => {
    const slug = slugParam(request.params);
    const cached = await cache.get(`/api/site-content/${slug}`, () => service.get(slug));
    if (!cached) throw new HttpError(404, 'Page not found.');
    sendCached(request, reply, cached);
  });

  app.get('/api/site-content', { onRequest: requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.list();
  });

  app.patch('/api/site-content/:slug', { onRequest: requireAdmin, bodyLimit: BODY_LIMITS.siteContent }, async (request) => {
    const slug = slugParam(request.params);
    const { content } = parseInput(siteContentPatchSchema, request.body);
    return service.updateContent(slug, content);
  });
}

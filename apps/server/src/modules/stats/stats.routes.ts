import type { AdminStats } from '@grove/domain/content/admin';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { PresenceService } from '../presence/presence.service.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { SiteContentService } from '../site-content/site-content.service.ts';

export function registerStatsRoutes(
  app: FastifyInstance,
  services: { posts: PostsService; siteContent: SiteContentService; presence: PresenceService },
  requireAdmin: onRequestAsyncHookHandler,
): void {
  app.get('/api/admin/stats', { onRequest: requireAdmin }, async (_request, reply): Promise<AdminStats> => {
    reply.header('Cache-Control', 'no-store');
    const [posts, sitePages, liveVisitors] = await Promise.all([
      services.posts.count(), services.siteContent.count(), services.presence.count(),
    ]);
    return { posts, site_pages: sitePages, live_visitors: liveVisitors };
  });
}

import { postIdSchema, postInputSchema, postPatchSchema } from '@grove/domain/content/blog-post';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { sendCached } from '../../http/cached-reply.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import type { PublicCache } from '../../http/public-cache.ts';
import type { PostsService } from './posts.service.ts';

function postId(params: unknown): string {
  const id = (params as { id?: unknown }).id;
  // A malformed id cannot name a post: same answer as an unknown one.
  if (!postIdSchema.safeParse(id).success) throw new HttpError(404, 'Post not found.');
  return id as string;
}

export function registerPostsRoutes(
  app: FastifyInstance,
  service: PostsService,
  cache: PublicCache,
  requireAdmin: preHandlerAsyncHookHandler,
): void {
  app.get('/api/posts', async (request, reply) => {
    const cached = await cache.get('posts', () => service.list());
    return sendCached(request, reply, cached ?? { body: '[]', etag: '"empty"' });
  });

  app.get('/api/posts/:id', async (request, reply) => {
    const id = postId(request.params);
    const cached = await cache.get(`post:${id}`, () => service.get(id));
    if (!cached) throw new HttpError(404, 'Post not found.');
    return sendCached(request, reply, cached);
  });

  app.get('/api/admin/posts', { preHandler: requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.list();
  });

  app.post('/api/posts', { preHandler: requireAdmin }, async (request, reply) => {
    const input = parseInput(postInputSchema, request.body);
    return reply.code(201).send(await service.create(input));
  });

  app.patch('/api/posts/:id', { preHandler: requireAdmin }, async (request) => {
    const id = postId(request.params);
    return service.update(id, parseInput(postPatchSchema, request.body));
  });

  app.delete('/api/posts/:id', { preHandler: requireAdmin }, async (request, reply) => {
    await service.delete(postId(request.params));
    return reply.code(204).send();
  });
}

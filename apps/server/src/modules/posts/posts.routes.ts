import { decodePostCursor, POST_LIST_DEFAULT, postIdSchema, postInputSchema, postPageQuerySchema, postPatchSchema } from '@grove/domain/content/blog-post';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { sendCached } from '../../http/cached-reply.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { BODY_LIMITS } from '../../http/limits.ts';
import { toCachedBody, type PublicCache } from '../../http/public-cache.ts';
import type { PostsService } from './posts.service.ts';

function postId(params: unknown): string {
  const id = (params as { id?: unknown }).id;
  // A malformed id cannot name a post: same answer as an unknown one.
  if (!postIdSchema.safeParse(id).success) throw new HttpError(404, 'Post not found.');
  return id as string;
}

const EMPTY_LIST = toCachedBody([]);

/** The address of a page of the list, as the server issues it. */
const pageKey = (limit: number, before: string | null) => `/api/posts?limit=${limit}${before === null ? '' : `&before=${before}`}`;

export function registerPostsRoutes(
  app: FastifyInstance,
  service: PostsService,
  cache: PublicCache,
  requireAdmin: onRequestAsyncHookHandler,
): void {
  // Cached under their own paths: once cached, a plain GET is answered by the first onRequest hook (http/cached-reply.ts).
  app.get('/api/posts', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query.limit === undefined) {
      // Every list is capped (decision 066): the newest posts, as an array as before, and where the rest starts.
      const cached = await cache.getBody('/api/posts', async () => {
        const page = await service.listPage(POST_LIST_DEFAULT, null);
        const next = page.nextCursor === null ? undefined : `<${pageKey(POST_LIST_DEFAULT, page.nextCursor)}>; rel="next"`;
        return toCachedBody(page.posts, next === undefined ? {} : { link: next });
      });
      sendCached(request, reply, cached ?? EMPTY_LIST);
      return;
    }
    // A page (docs/product.md, Public site), cached under the address this server gives it, so the fast path
    // answers the client's next identical request: limit first, then before. A cursor the server did not issue
    // is moved to the page it lands on (decision 066): made-up cursors cannot multiply entries.
    const { limit, before } = parseInput(postPageQuerySchema, query);
    const cursor = before === undefined ? null : decodePostCursor(before);
    if (before !== undefined && cursor === null) throw new HttpError(400, 'Invalid cursor.');
    const issued = cursor === null ? null : await service.pageCursor(cursor);
    const start = issued === null ? null : decodePostCursor(issued);
    const cached = await cache.get(pageKey(limit, issued), () => service.listPage(limit, start));
    sendCached(request, reply, cached ?? EMPTY_LIST);
  });

  app.get('/api/posts/:id', async (request, reply) => {
    // One cache entry per post: an id in capitals names the same post (and is always routed here).
    const id = postId(request.params).toLowerCase();
    const cached = await cache.get(`/api/posts/${id}`, () => service.get(id));
    if (!cached) throw new HttpError(404, 'Post not found.');
    sendCached(request, reply, cached);
  });

  app.get('/api/admin/posts', { onRequest: requireAdmin }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // Every post, as summaries (decision 066): the table needs titles and dates; the editor reads one whole post.
    return service.listSummaries();
  });

  app.post('/api/posts', { onRequest: requireAdmin, bodyLimit: BODY_LIMITS.post }, async (request, reply) => {
    const input = parseInput(postInputSchema, request.body);
    return reply.code(201).send(await service.create(input));
  });

  app.patch('/api/posts/:id', { onRequest: requireAdmin, bodyLimit: BODY_LIMITS.post }, async (request) => {
    const id = postId(request.params);
    return service.update(id, parseInput(postPatchSchema, request.body));
  });

  app.delete('/api/posts/:id', { onRequest: requireAdmin }, async (request, reply) => {
    await service.delete(postId(request.params));
    return reply.code(204).send();
  });
}

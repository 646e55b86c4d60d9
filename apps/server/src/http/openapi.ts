import { adminLoginSchema, adminSessionSchema, adminStatsSchema, uploadResultSchema } from '@grove/domain/content/admin';
import { apiErrorSchema } from '@grove/domain/content/api-error';
import {
  blogPostListSchema, blogPostPageSchema, blogPostSchema, POST_LIST_DEFAULT, POST_PAGE_SIZE_MAX, postInputSchema, postPatchSchema,
} from '@grove/domain/content/blog-post';
import { siteContentListSchema, siteContentPatchSchema, siteContentSchema } from '@grove/domain/content/site-content';
import type { FastifyInstance } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../modules/admin-session/session-cookie.ts';
import { z } from 'zod';

type Io = 'input' | 'output';
const schema = (type: z.ZodType, io: Io) => z.toJSONSchema(type, { target: 'openapi-3.0', io, unrepresentable: 'any' });
const json = (type: z.ZodType, io: Io = 'output') => ({ content: { 'application/json': { schema: schema(type, io) } } });
const error = (description: string) => ({ description, ...json(apiErrorSchema) });

const ADMIN = { security: [{ adminSession: [] }] };
const UNAUTHORISED = { 401: error('No valid admin session.') };
// Every cookie-authenticated write: the Origin check (CSRF), the 1 MB body limit and JSON only.
const WRITE = {
  403: error('Cross-site request refused (the Origin must be this site).'),
  413: error('The request body is too large.'),
  415: error('Unsupported content type: send JSON.'),
};
const postId = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }];
const slug = [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }];

/** The API description, built from the same zod contracts the server validates with. */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Grove API', version: '1.0.0', description: 'Public site content and the admin area of Grove.' },
    components: {
      securitySchemes: {
        adminSession: {
          type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
          description: `Set by POST /api/admin/session; named ${SECURE_SESSION_COOKIE} when served over HTTPS. httpOnly, SameSite=Strict.`,
        },
      },
    },
    paths: {
      '/api/health': {
        get: {
          summary: 'Liveness: the server answers (for load balancers and start-up scripts)',
          responses: { 200: { description: 'Up', ...json(z.object({ status: z.literal('ok') })) } },
        },
      },
      '/api/posts': {
        get: {
          summary: `Blog posts, newest first: the newest ${POST_LIST_DEFAULT} (a Link header names the next page), or a page with ?limit= (1-50) and ?before= (the nextCursor of the page before)`,
          parameters: [
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: POST_PAGE_SIZE_MAX } },
            { name: 'before', in: 'query', required: false, schema: { type: 'string' } },
          ],
          responses: {
            200: { description: 'The newest posts (no limit) or one page', ...json(z.union([blogPostListSchema, blogPostPageSchema])) },
            400: error('Invalid limit or cursor.'),
          },
        },
        post: {
          summary: 'Create a post', ...ADMIN, requestBody: { required: true, ...json(postInputSchema, 'input') },
          responses: { 201: { description: 'Created', ...json(blogPostSchema) }, 400: error('Invalid input.'), ...UNAUTHORISED, ...WRITE },
        },
      },
      '/api/posts/{id}': {
        parameters: postId,
        get: { summary: 'One post', responses: { 200: { description: 'Post', ...json(blogPostSchema) }, 404: error('No such post.') } },
        patch: {
          summary: 'Update a post', ...ADMIN, requestBody: { required: true, ...json(postPatchSchema, 'input') },
          responses: { 200: { description: 'Updated', ...json(blogPostSchema) }, 400: error('Invalid input.'), 404: error('No such post.'), ...UNAUTHORISED, ...WRITE },
        },
        delete: { summary: 'Delete a post', ...ADMIN, responses: { 204: { description: 'Deleted' }, 404: error('No such post.'), ...UNAUTHORISED, 403: WRITE[403] } },
      },
      '/api/site-content': {
        get: { summary: 'All static pages, by slug', ...ADMIN, responses: { 200: { description: 'Pages', ...json(siteContentListSchema) }, ...UNAUTHORISED } },
      },
      '/api/site-content/{slug}': {
        parameters: slug,
        get: { summary: 'One static page', responses: { 200: { description: 'Page', ...json(siteContentSchema) }, 404: error('No such page.') } },
        patch: {
          summary: 'Replace a page\'s content', ...ADMIN, requestBody: { required: true, ...json(siteContentPatchSchema, 'input') },
          responses: { 200: { description: 'Updated', ...json(siteContentSchema) }, 400: error('Invalid input.'), 404: error('No such page.'), ...UNAUTHORISED, ...WRITE },
        },
      },
      '/api/admin/session': {
        get: { summary: 'Whether this browser holds an admin session', responses: { 200: { description: 'Session', ...json(adminSessionSchema) } } },
        post: {
          summary: 'Unlock the admin area with the secret key', requestBody: { required: true, ...json(adminLoginSchema, 'input') },
          responses: {
            204: { description: 'Session cookie set' }, 400: error('The key is required.'), 401: error('Invalid secret key.'),
            429: error('Too many failed attempts; see Retry-After.'), 503: error('Signing in is unavailable right now.'), ...WRITE,
          },
        },
        delete: { summary: 'End the admin session', responses: { 204: { description: 'Ended' }, 403: WRITE[403] } },
      },
      '/api/admin/stats': {
        get: { summary: 'Dashboard counts', ...ADMIN, responses: { 200: { description: 'Counts', ...json(adminStatsSchema) }, ...UNAUTHORISED } },
      },
      '/api/admin/posts': {
        get: { summary: 'All posts (uncached)', ...ADMIN, responses: { 200: { description: 'Posts', ...json(blogPostListSchema) }, ...UNAUTHORISED } },
      },
      '/api/storage/blog_images': {
        post: {
          summary: 'Upload one blog image (< 5 MB; PNG, JPEG, GIF, WebP, AVIF or BMP by content)', ...ADMIN,
          requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } },
          responses: {
            201: { description: 'Stored', ...json(uploadResultSchema) }, 400: error('No file, or a malformed upload.'), 403: WRITE[403],
            409: error('An image of the same name was stored at the same moment; try again.'),
            413: error('File is too large. Please select an image under 5MB.'), 415: error('Not an image, or not multipart/form-data.'), ...UNAUTHORISED,
          },
        },
      },
      '/storage/blog_images/{name}': {
        get: {
          summary: 'An uploaded image', parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'The image bytes' }, 304: { description: 'Not modified' }, 404: error('No such image.') },
        },
      },
    },
  };
}

export function registerOpenApi(app: FastifyInstance): void {
  const body = JSON.stringify(buildOpenApiDocument());
  app.get('/api/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}

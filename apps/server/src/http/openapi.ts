import { adminLoginSchema, adminSessionSchema, adminStatsSchema, uploadResultSchema } from '@grove/domain/content/admin';
import { apiErrorSchema } from '@grove/domain/content/api-error';
import {
  blogPostListSchema, blogPostPageSchema, blogPostSchema, blogPostSummaryListSchema,
  POST_LIST_DEFAULT, POST_PAGE_SIZE_MAX, postInputSchema, postPatchSchema,
} from '@grove/domain/content/blog-post';
import { siteContentListSchema, siteContentPatchSchema, siteContentSchema } from '@grove/domain/content/site-content';
import type { FastifyInstance } from 'fastify';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../modules/admin-session/session-cookie.ts';
import {
  appendedSchema, createdSpaceSchema, createSpaceSchema, deviceListSchema, snapshotStoredSchema, syncErrorSchema,
} from '../modules/sync/sync-contract.ts';
import { DEFAULT_SYNC_LIMITS } from '../modules/sync/sync-limits.ts';
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

// Sync (decision 068): every route on a space takes its access token; refusals name their code.
const syncError = (description: string) => ({ description, ...json(syncErrorSchema) });
const SYNC = { security: [{ syncToken: [] }] };
const MB = 1024 * 1024;
const SYNC_REFUSED = {
  400: syncError('A malformed space id, X-Grove-Device header or query.'),
  401: syncError('No access token (syncTokenMissing).'),
  403: syncError('Unknown space or wrong token, one answer for both (syncForbidden); or a cross-site request.'),
};
const device = { name: 'X-Grove-Device', in: 'header', required: false, schema: { type: 'string' }, description: 'This device\'s 16-byte id in base64url; recorded with its last sequence number.' };
const spaceId = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{21}[AQgw]$' } }];
const binary = (description: string) => ({ required: true, description, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } });
const BINARY_REFUSED = {
  411: syncError('No Content-Length: a body\'s size is checked before it is read.'),
  415: syncError('Not application/octet-stream.'),
};

const postId = [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }];
const slug = [{ name: 'slug', in: 'path', required: true, schema: { type: 'string' } }];

/** The API description, built from the same zod contracts the server validates with. */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Grove API', version: '1.0.0', description: 'Public site content, the admin area and the encrypted sync relay of Grove.' },
    components: {
      securitySchemes: {
        adminSession: {
          type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
          description: `Set by POST /api/admin/session; named ${SECURE_SESSION_COOKIE} when served over HTTPS. httpOnly, SameSite=Strict.`,
        },
        syncToken: {
          type: 'http', scheme: 'bearer',
          description: 'A sync space\'s access token: 32 bytes derived from the space key by HKDF, base64url without padding (decision 068).',
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
        get: { summary: 'Every post as a summary, newest first (uncached)', ...ADMIN, responses: { 200: { description: 'Post summaries', ...json(blogPostSummaryListSchema) }, ...UNAUTHORISED } },
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
      '/api/sync/spaces': {
        post: {
          summary: `Make a sync space (at most ${DEFAULT_SYNC_LIMITS.spacesPerClientPerHour} an hour per client address)`,
          parameters: [device], requestBody: { required: true, ...json(createSpaceSchema, 'input') },
          responses: {
            201: { description: 'Made', ...json(createdSpaceSchema) }, 400: syncError('A malformed id or token.'),
            403: WRITE[403], 409: syncError('The id is taken (syncSpaceExists).'),
            429: syncError('Too many spaces made from this address; see Retry-After (syncTooManySpaces).'),
          },
        },
      },
      '/api/sync/spaces/{id}': {
        parameters: spaceId,
        delete: { summary: 'Delete the space and everything in it', ...SYNC, responses: { 204: { description: 'Deleted' }, ...SYNC_REFUSED } },
      },
      '/api/sync/spaces/{id}/updates': {
        parameters: spaceId,
        post: {
          summary: `Append one encrypted message (at most ${DEFAULT_SYNC_LIMITS.updateMaxBytes / MB} MB; ${DEFAULT_SYNC_LIMITS.updatesPerWindow} a minute per space)`,
          ...SYNC, parameters: [device], requestBody: binary('The message, opaque to the server.'),
          responses: {
            201: { description: 'Appended', ...json(appendedSchema) }, ...SYNC_REFUSED, ...BINARY_REFUSED,
            413: syncError(`Over ${DEFAULT_SYNC_LIMITS.updateMaxBytes / MB} MB (syncUpdateTooLarge), or the space would pass ${DEFAULT_SYNC_LIMITS.spaceMaxBytes / MB} MB (syncSpaceFull: upload a snapshot).`),
            429: syncError('Too many updates to this space; see Retry-After (syncTooManyUpdates).'),
          },
        },
        get: {
          summary: 'What a device lacks: the latest snapshot if it covers more than `after` (always without `after`), then the updates after, oldest first',
          ...SYNC,
          parameters: [
            device,
            { name: 'after', in: 'query', required: false, schema: { type: 'integer', minimum: 0 }, description: 'The last sequence number the device holds.' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: DEFAULT_SYNC_LIMITS.pageMaxUpdates } },
          ],
          responses: {
            200: {
              description: 'One page: a format byte (1), then records of kind (1 byte: 1 snapshot, 2 update), seq (8 bytes, big-endian), '
                + 'length (4 bytes, big-endian) and the body. X-Grove-Sync-Next, when present, is the `after` of the next page.',
              headers: { 'X-Grove-Sync-Next': { schema: { type: 'integer' } } },
              content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
            },
            ...SYNC_REFUSED, 409: syncError('`after` is past the space\'s last update: it was made again (syncCursorAhead).'),
          },
        },
      },
      '/api/sync/spaces/{id}/snapshot': {
        parameters: spaceId,
        put: {
          summary: `Replace the space's snapshot (at most ${DEFAULT_SYNC_LIMITS.snapshotMaxBytes / MB} MB); the updates it covers are deleted`,
          ...SYNC,
          parameters: [device, { name: 'covers', in: 'query', required: true, schema: { type: 'integer', minimum: 0 }, description: 'The last update it holds.' }],
          requestBody: binary('The encrypted snapshot, opaque to the server.'),
          responses: {
            200: { description: 'Stored', ...json(snapshotStoredSchema) }, ...SYNC_REFUSED, ...BINARY_REFUSED,
            409: syncError('Covers an update the space lacks (syncSnapshotAhead), or less than the stored snapshot (syncSnapshotStale).'),
            413: syncError('Too large (syncSnapshotTooLarge), or the space would still pass its limit (syncSpaceFull).'),
          },
        },
      },
      '/api/sync/spaces/{id}/devices': {
        parameters: spaceId,
        get: {
          summary: 'The devices that used the space, last seen first', ...SYNC, parameters: [device],
          responses: { 200: { description: 'Devices', ...json(deviceListSchema) }, ...SYNC_REFUSED },
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

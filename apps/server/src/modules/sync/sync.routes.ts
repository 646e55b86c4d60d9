import { syncIdSchema } from '@grove/domain/realtime/messages';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { HttpError, parseInput } from '../../http/errors.ts';
import { createSpaceSchema, DEVICE_HEADER, NEXT_HEADER, readQuerySchema, snapshotQuerySchema } from './sync-contract.ts';
import { encodeRecords } from './sync-wire.ts';
import type { SpaceState } from './sync-space.ts';
import type { SyncService } from './sync.service.ts';

interface SyncRequestContext {
  id: string;
  /** The X-Grove-Device header, when sent. */
  device: string | undefined;
  state: SpaceState;
  /** PUT …/snapshot: the sequence number it covers (?covers=). */
  covers?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the sync routes' authorisation hook. */
    sync?: SyncRequestContext;
  }
}

const OCTET_STREAM = 'application/octet-stream';
// Ciphertext does not compress: @fastify/compress would spend seconds of Brotli on a large page for nothing, and a
// compressed request body would be inflated past the size its Content-Length let through.
const OPAQUE = { compress: false, decompress: false } as const;
const CREATE_BODY_LIMIT = 1024;

function spaceIdOf(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  if (!syncIdSchema.safeParse(id).success) throw new HttpError(400, 'The sync space id is not valid: 16 bytes in base64url without padding (22 characters).');
  return id as string;
}

function deviceOf(request: FastifyRequest): string | undefined {
  const value = request.headers[DEVICE_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !syncIdSchema.safeParse(value).success) {
    throw new HttpError(400, 'X-Grove-Device is not valid: send this device\'s 16-byte id in base64url without padding (22 characters).');
  }
  return value;
}

/** The token of `Authorization: Bearer <token>`; undefined without one (any other scheme is no token either). */
function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

const contextOf = (request: FastifyRequest): SyncRequestContext => {
  if (!request.sync) throw new Error('sync route without its authorisation hook');
  return request.sync;
};

/**
 * The size a binary body declares. Every refusal that depends on it is answered before the body is read, so a body
 * must say its length: one sent in chunks without Content-Length is refused (411).
 */
function declaredLength(request: FastifyRequest, what: string): number {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== OCTET_STREAM) throw new HttpError(415, `Send the ${what} as ${OCTET_STREAM}.`);
  const length = request.headers['content-length'];
  if (length === undefined || !/^\d{1,15}$/.test(length)) throw new HttpError(411, `Send the ${what} with a Content-Length.`);
  const bytes = Number(length);
  if (bytes === 0) throw new HttpError(400, `The ${what} is empty.`);
  return bytes;
}

function bodyOf(request: FastifyRequest, what: string): Buffer {
  if (!Buffer.isBuffer(request.body) || request.body.byteLength === 0) throw new HttpError(400, `The ${what} is empty.`);
  return request.body;
}

/**
 * The sync API (decision 068). Every route on a space needs its access token (`Authorization: Bearer`) and is
 * refused before its body is read; bodies are opaque bytes the server stores and returns as they came. The Origin
 * check of every unsafe request (http/security.ts) applies here too; the token is not a cookie, so a page of
 * another site could not send it anyway.
 */
export async function registerSyncRoutes(app: FastifyInstance, service: SyncService): Promise<void> {
  const { limits } = service;

  /**
   * The onRequest hook of a route on a space: the id, the device header and the token, then `check` (what the
   * route can refuse from its headers and query), all before the body is read.
   */
  const space = (check?: (request: FastifyRequest, context: SyncRequestContext) => void): onRequestAsyncHookHandler => async (request) => {
    const id = spaceIdOf(request);
    const device = deviceOf(request);
    const context: SyncRequestContext = { id, device, state: await service.authorize(id, bearerOf(request)) };
    check?.(request, context);
    request.sync = context;
  };
  const authorize = space();

  // Its own context: only these routes take application/octet-stream.
  await app.register((scope, _options, done) => {
    scope.addContentTypeParser(OCTET_STREAM, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('Cache-Control', 'no-store');
      done();
    });

    scope.post('/api/sync/spaces', { bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
      const device = deviceOf(request);
      // This context also reads application/octet-stream; here only JSON is meant.
      if (Buffer.isBuffer(request.body)) throw new HttpError(415, 'Unsupported content type: send JSON.');
      const { id, token } = parseInput(createSpaceSchema, request.body);
      await service.createSpace(id, token, request.ip, device);
      return reply.code(201).send({ id });
    });

    scope.post('/api/sync/spaces/:id/updates', {
      ...OPAQUE,
      onRequest: space((request, { state }) => service.checkAppend(state, declaredLength(request, 'update'))),
      // The hooks refuse a larger Content-Length first; this also bounds what the parser would ever take.
      bodyLimit: limits.updateMaxBytes,
    }, async (request, reply) => {
      const { id, device } = contextOf(request);
      return reply.code(201).send(await service.append(id, bodyOf(request, 'update'), device));
    });

    scope.get('/api/sync/spaces/:id/updates', { ...OPAQUE, onRequest: authorize }, async (request, reply) => {
      const { id, device } = contextOf(request);
      const { after, limit } = parseInput(readQuerySchema, request.query);
      if (limit !== undefined && limit > limits.pageMaxUpdates) throw new HttpError(400, `limit must be at most ${limits.pageMaxUpdates}.`);
      const page = await service.read(id, after ?? null, limit, device);
      if (page.next !== null) reply.header(NEXT_HEADER, String(page.next));
      return reply.type(OCTET_STREAM).send(encodeRecords(page.records));
    });

    scope.put('/api/sync/spaces/:id/snapshot', {
      ...OPAQUE,
      onRequest: space((request, context) => {
        context.covers = parseInput(snapshotQuerySchema, request.query).covers;
        service.checkSnapshot(context.state, context.covers, declaredLength(request, 'snapshot'));
      }),
      bodyLimit: limits.snapshotMaxBytes,
    }, async (request) => {
      const { id, device, covers } = contextOf(request);
      if (covers === undefined) throw new Error('snapshot route without its covers check');
      return service.putSnapshot(id, covers, bodyOf(request, 'snapshot'), device);
    });

    scope.get('/api/sync/spaces/:id/devices', { onRequest: authorize }, async (request) => {
      const { id, device } = contextOf(request);
      const devices = await service.devices(id, device);
      return {
        devices: devices.map((row) => ({ device: row.deviceId, last_seq: row.lastSeq, last_seen_at: row.lastSeenAt.toISOString() })),
      };
    });

    scope.delete('/api/sync/spaces/:id', { onRequest: authorize }, async (request, reply) => {
      await service.deleteSpace(contextOf(request).id);
      return reply.code(204).send();
    });
    done();
  });
}

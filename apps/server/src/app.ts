import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { openDb } from './db/open-db.ts';
import { upsertAdminProfile, ADMIN_PROFILE_ID } from './db/seed.ts';
import { ByteCache } from './http/byte-cache.ts';
import { ClientMistakeLog, withoutStack } from './http/client-log.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerOpenApi } from './http/openapi.ts';
import { serveCachedReads } from './http/cached-reply.ts';
import { registerJsonParser } from './http/json-body.ts';
import { DEFAULT_HTTP_TIMEOUTS, serverLimits, type HttpTimeouts } from './http/limits.ts';
import { PublicCache } from './http/public-cache.ts';
import { frameworkErrors, registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { AdminSessionRepository } from './modules/admin-session/admin-session.repository.ts';
import { registerAdminSessionRoutes, requireAdmin } from './modules/admin-session/admin-session.routes.ts';
import { AdminSessionService, DEFAULT_SESSION_LIMITS, type SessionLimits } from './modules/admin-session/admin-session.service.ts';
import { checkChosenSecretKey, resolveAdminSecretKey } from './modules/admin-session/secret-key.ts';
import { SESSION_COOKIE_NAMES } from './modules/admin-session/session-cookie.ts';
import { PostsRepository } from './modules/posts/posts.repository.ts';
import { registerPostsRoutes } from './modules/posts/posts.routes.ts';
import { PostsService } from './modules/posts/posts.service.ts';
import { PresenceRepository } from './modules/presence/presence.repository.ts';
import { DEFAULT_PRESENCE_TIMING, PresenceService, type PresenceTiming } from './modules/presence/presence.service.ts';
import { SeoRepository } from './modules/seo/seo.repository.ts';
import { registerSeoRoutes } from './modules/seo/seo.routes.ts';
import { SeoService } from './modules/seo/seo.service.ts';
import { SiteContentRepository } from './modules/site-content/site-content.repository.ts';
import { registerSiteContentRoutes } from './modules/site-content/site-content.routes.ts';
import { SiteContentService } from './modules/site-content/site-content.service.ts';
import { registerStatsRoutes } from './modules/stats/stats.routes.ts';
import { StorageRepository } from './modules/storage/storage.repository.ts';
import { registerStorageRoutes } from './modules/storage/storage.routes.ts';
import { StorageService } from './modules/storage/storage.service.ts';
import { DEFAULT_SYNC_LIMITS, DEFAULT_SYNC_SPACE_TTL_DAYS, DEFAULT_SYNC_SWEEP_MS, type SyncLimits } from './modules/sync/sync-limits.ts';
import { SyncRepository } from './modules/sync/sync.repository.ts';
import { registerSyncRoutes } from './modules/sync/sync.routes.ts';
import { SyncService } from './modules/sync/sync.service.ts';
import { ChangeFeed } from './realtime/change-feed.ts';
import { Hub, syncHubTopic } from './realtime/hub.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './realtime/limits.ts';
import { closeEndedAdminSockets, DEFAULT_HEARTBEAT, registerRealtimeRoutes, type HeartbeatTiming } from './realtime/realtime.routes.ts';
import { fastifyTrustProxy, toTrustProxy } from './http/trust-proxy.ts';
import { StartupConfigError } from './startup-error.ts';
import { STORED_NAME_MAX } from '@grove/domain/content/image-variants';
import { PRESENCE_TOPIC } from '@grove/domain/realtime/topics';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppOptions {
  /** Folder of the built web app (apps/web/dist); when missing, only the API is served. */
  webDistDir?: string;
  /** Fastify's request log: off (default), on at info, or on at a level. */
  logger?: boolean | { level: LogLevel };
  /** Where the log's JSON lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** An open database; the app then leaves closing it to the caller. Otherwise one is opened from the next two. */
  db?: Db;
  /** PGlite data, the lock file and the generated admin key live here (default ./data). */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  adminSecretKey?: string;
  /** Full name of the admin's profile, the author of posts (default Grove Team). */
  adminDisplayName?: string;
  /**
   * Trust X-Forwarded-For/-Proto/-Host from reverse proxies: a hop count, or their addresses/CIDRs (see
   * http/trust-proxy.ts); `true` means one hop, never every hop.
   */
  trustProxy?: boolean | number | string | readonly string[];
  /** The site's public origin for absolute links (PUBLIC_URL); unset: each request's own (http/site-origin.ts). */
  publicUrl?: string;
  realtimeLimits?: Partial<RealtimeLimits>;
  /** Where the generated admin key is announced once. */
  print?: (message: string) => void;
  sessionLimits?: Partial<SessionLimits>;
  presenceTiming?: Partial<PresenceTiming>;
  heartbeat?: Partial<HeartbeatTiming>;
  /** Request, connection and keep-alive timeouts (http/limits.ts). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** The process's byte budget for cached reads, documents and images (CACHE_MAX_MB; decision 066). */
  cacheMaxBytes?: number;
  /** The cache itself (tests read its size); otherwise one of cacheMaxBytes is made. */
  cache?: ByteCache;
  /** Sync's limits (modules/sync/sync-limits.ts); tests lower them. */
  syncLimits?: Partial<SyncLimits>;
  /** A sync space unused for this many days is removed (SYNC_SPACE_TTL_DAYS, default 180). */
  syncSpaceTtlDays?: number;
  /** How often expired sync spaces are removed (default hourly). */
  syncSweepMs?: number;
}

/** Builds the one Fastify app that serves the web app, the API and realtime; used by main.ts and by the tests. */
export const MISSING_SHARED_KEY_MESSAGE = 'ADMIN_SECRET_KEY must be set when DATABASE_URL is set: '
  + 'each instance would otherwise generate its own admin key in its DATA_DIR, and a key that unlocks one '
  + 'instance would be refused by the others. Set the same ADMIN_SECRET_KEY on every instance.';

function logger(options: AppOptions): boolean | { level: LogLevel; stream?: { write(line: string): void } } {
  if (!options.logger || !options.logStream) return options.logger ?? false;
  return { ...(options.logger === true ? { level: 'info' as const } : options.logger), stream: options.logStream };
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  if (options.databaseUrl && !options.adminSecretKey?.trim()) throw new StartupConfigError(MISSING_SHARED_KEY_MESSAGE);
  checkChosenSecretKey(options.adminSecretKey);
  const store = options.cache ?? new ByteCache(options.cacheMaxBytes);
  const cache = new PublicCache(store);
  const app = Fastify({
    logger: logger(options), trustProxy: fastifyTrustProxy(toTrustProxy(options.trustProxy)), frameworkErrors,
    ...serverLimits({ ...DEFAULT_HTTP_TIMEOUTS, ...options.httpTimeouts }),
    // Above Fastify's 100: GET /storage/blog_images/:name takes every name an upload can be stored under.
    routerOptions: { maxParamLength: STORED_NAME_MAX },
  });
  // First of all hooks: a cached public read is answered before anything else runs (http/cached-reply.ts).
  app.addHook('onRequest', serveCachedReads(cache));
  const dataDir = path.resolve(options.dataDir ?? 'data');
  const onDbError = (error: Error) => app.log.error({ err: error }, 'database');

  const db = options.db ?? await openDb({ databaseUrl: options.databaseUrl, dataDir, onError: onDbError });
  try {
    return await setUp(app, db, { store, cache }, dataDir, options);
  } catch (error) {
    // Start-up failed after the database opened: release it (and the PGlite DATA_DIR lock) before failing.
    await app.close().catch(() => {});
    if (!options.db) await db.close().catch(() => {});
    throw error;
  }
}

async function setUp(
  app: FastifyInstance, db: Db, { store, cache }: { store: ByteCache; cache: PublicCache }, dataDir: string, options: AppOptions,
): Promise<FastifyInstance> {
  // Registered first so it runs last: the database closes after everything that uses it has stopped.
  if (!options.db) app.addHook('onClose', () => db.close());

  await migrate(db);
  await upsertAdminProfile(db, options.adminDisplayName?.trim() || 'Grove Team');
  const secretKey = resolveAdminSecretKey(options.adminSecretKey, dataDir, options.print ?? console.info);

  const onError = (error: unknown) => app.log.error({ err: error }, 'background task failed');
  const hub = new Hub();
  const sessionLimits = { ...DEFAULT_SESSION_LIMITS, ...options.sessionLimits };
  const sessions = new AdminSessionService(new AdminSessionRepository(db), secretKey, sessionLimits, onError);
  const posts = new PostsService(new PostsRepository(db), cache, ADMIN_PROFILE_ID);
  const siteContent = new SiteContentService(new SiteContentRepository(db), cache);
  const storage = new StorageService(new StorageRepository(db), Date.now, store);
  const presence = new PresenceService(
    db, new PresenceRepository(db, randomUUID()), { ...DEFAULT_PRESENCE_TIMING, ...options.presenceTiming },
    (count) => hub.publish(PRESENCE_TOPIC, { type: 'presence', count }), onError,
  );
  const sync = new SyncService(
    new SyncRepository(db), { ...DEFAULT_SYNC_LIMITS, ...options.syncLimits },
    { spaceTtlDays: options.syncSpaceTtlDays ?? DEFAULT_SYNC_SPACE_TTL_DAYS, sweepMs: options.syncSweepMs ?? DEFAULT_SYNC_SWEEP_MS },
    onError,
  );
  const feed = new ChangeFeed(db, {
    onNotify: () => cache.invalidate(),
    onChange(messages) {
      for (const message of messages) hub.publish(message.topic, message);
    },
    onGap() {
      cache.invalidate();
      hub.broadcast({ type: 'resync' });
    },
    onError,
  });

  // Brotli or gzip for routed responses from 1 KiB (decision 066); cached reads carry their own compressed forms,
  // and rendered pages and the build's files already say Content-Encoding, which the plugin leaves alone.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  const clientLog = new ClientMistakeLog(app.log);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4096 },
    // A broken frame (invalid UTF-8, over maxPayload) is the client's mistake: logged as one (decision 067).
    errorHandler: (error, socket) => {
      clientLog.warn('websocket', 'closed a WebSocket after a protocol error', withoutStack(error));
      socket.terminate();
    },
  });
  registerJsonParser(app);
  registerErrorHandler(app);
  registerSecurity(app, SESSION_COOKIE_NAMES, clientLog);

  app.get('/api/health', () => ({ status: 'ok' }));
  const admin = requireAdmin(sessions);
  registerAdminSessionRoutes(app, sessions);
  registerPostsRoutes(app, posts, cache, admin);
  registerSiteContentRoutes(app, siteContent, cache, admin);
  registerStorageRoutes(app, storage, admin);
  registerStatsRoutes(app, { posts, siteContent, presence }, admin);
  registerSeoRoutes(app, new SeoService(new SeoRepository(db)), cache, options.publicUrl);
  await registerSyncRoutes(app, sync);
  registerRealtimeRoutes(app, {
    hub, presence, sessions, sync,
    heartbeat: { ...DEFAULT_HEARTBEAT, ...options.heartbeat },
    limits: { ...DEFAULT_REALTIME_LIMITS, ...options.realtimeLimits },
  });
  registerOpenApi(app);
  await registerWebApp(app, options.webDistDir, { publicUrl: options.publicUrl, cache, postIds: () => posts.ids() });

  // preClose: sockets are still open, so visitors leave presence before the database goes away.
  let stopWatchingSessions = async () => {};
  let stopWatchingSync = async () => {};
  app.addHook('preClose', async () => {
    for (const connection of hub.connections) connection.socket.close(1001, 'Server shutting down');
    await stopWatchingSessions();
    await stopWatchingSync();
    await sync.stop();
    await feed.stop();
    await presence.stop();
  });
  try {
    await feed.start();
    await presence.start();
    // A logout on any instance closes that admin's sockets here at once (decision 067).
    stopWatchingSessions = await sessions.watchEnded((isEndedToken) => closeEndedAdminSockets(hub, isEndedToken));
    // An update appended on any instance: its sequence number (never its body) to this instance's subscribers.
    stopWatchingSync = await sync.watchAppends((space, seq) => hub.publish(syncHubTopic(space), { type: 'sync', space, seq }));
    sync.start();
  } catch (error) {
    await stopWatchingSessions().catch(() => {});
    await stopWatchingSync().catch(() => {});
    await sync.stop().catch(() => {});
    await feed.stop().catch(() => {});
    await presence.stop().catch(() => {});
    throw error;
  }
  return app;
}

import {
  clientMessageSchema, HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, MAX_ECHOED_TOPIC_LENGTH, SYNC_TOPIC,
} from '@grove/domain/realtime/messages';
import { PRESENCE_TOPIC } from '@grove/domain/realtime/topics';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import { HttpError } from '../http/errors.ts';
import { isSameOrigin } from '../http/security.ts';
import type { AdminSessionService } from '../modules/admin-session/admin-session.service.ts';
import { sessionToken } from '../modules/admin-session/session-cookie.ts';
import type { PresenceService } from '../modules/presence/presence.service.ts';
import type { SyncService } from '../modules/sync/sync.service.ts';
import { Connection, syncHubTopic, type Hub } from './hub.ts';
import { clientKey } from '../http/client-key.ts';
import { ConnectionCounter, TokenBucket, VisitorCounter, type RealtimeLimits } from './limits.ts';

export interface HeartbeatTiming {
  intervalMs: number;
  timeoutMs: number;
  /** The clock pings and their answers are timed on; tests pass one they move by hand. */
  now: () => number;
}

export const DEFAULT_HEARTBEAT: HeartbeatTiming = { intervalMs: HEARTBEAT_INTERVAL_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS, now: Date.now };

const MAX_MESSAGE_BYTES = 4096;
// Pings sent per heartbeat tick at most: thousands of sockets opened together must not all be pinged in
// one event-loop turn (bench:realtime: that tick was the p99 of change delivery).
const MAX_PINGS_PER_TICK = 200;
const PING = Buffer.from(JSON.stringify({ type: 'ping' }), 'utf8');

/** The topic of a subscribe the server could not read, so the client can stop waiting for its confirmation. */
function refusedTopic(json: unknown): { topic?: string } {
  if (typeof json !== 'object' || json === null) return {};
  const { type, topic } = json as { type?: unknown; topic?: unknown };
  // Echoed whole or not at all: the client matches it exactly (and never waits for a topic it cannot send).
  return type === 'subscribe' && typeof topic === 'string' && topic.length <= MAX_ECHOED_TOPIC_LENGTH ? { topic } : {};
}

declare module 'fastify' {
  interface FastifyRequest {
    realtimeAdminToken?: string;
  }
}

/**
 * The WebSocket at /api/realtime. Browsers answer protocol pings by themselves; the JSON ping lets the
 * browser client notice a dead server too. Any frame from the client counts as a sign of life.
 */
/** Closes this instance's sockets of the admin sessions `isEndedToken` names (a logout anywhere; decision 067). */
export function closeEndedAdminSockets(hub: Hub, isEndedToken: (token: string) => boolean): void {
  for (const connection of hub.connections) {
    if (connection.adminToken !== undefined && isEndedToken(connection.adminToken)) connection.socket.close(4001, 'Admin session ended.');
  }
}

export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: {
    hub: Hub; presence: PresenceService; sessions: AdminSessionService; sync: SyncService;
    heartbeat: HeartbeatTiming; limits: RealtimeLimits;
  },
): void {
  const { hub, presence, sessions, sync, heartbeat, limits } = deps;
  const counter = new ConnectionCounter(limits);
  const visitors = new VisitorCounter(limits.maxVisitorsPerClient);

  const tick = setInterval(() => {
    const now = heartbeat.now();
    let pings = 0;
    for (const connection of hub.connections) {
      if (connection.awaitingPongSince !== undefined) {
        if (now - connection.awaitingPongSince > heartbeat.timeoutMs) connection.socket.terminate();
      } else if (now - connection.lastPingAt >= heartbeat.intervalMs && pings < MAX_PINGS_PER_TICK) {
        pings += 1;
        connection.lastPingAt = now;
        connection.awaitingPongSince = now;
        connection.socket.ping();
        connection.sendRaw(PING);
        if (connection.isAdmin) recheckAdmin(connection);
      }
    }
  }, Math.max(20, Math.min(250, heartbeat.timeoutMs / 4, heartbeat.intervalMs / 4)));
  app.addHook('onClose', () => clearInterval(tick));

  const onError = (error: unknown) => app.log.error({ err: error }, 'realtime');

  // An admin socket outliving its session (logout, idle or absolute expiry) must not keep receiving presence.
  const recheckAdmin = (connection: Connection) => {
    sessions.peek(connection.adminToken).then((expiresAt) => {
      if (!expiresAt) connection.socket.close(4001, 'Admin session ended.');
    }, onError);
  };

  /**
   * A sync space's new sequence numbers (decision 068), for a connection that shows the space's token, checked like
   * a request's. Only { space, seq } is ever pushed; the device reads the bodies over HTTP.
   */
  const subscribeSync = async (connection: Connection, space: string, token: string): Promise<void> => {
    const topic = syncHubTopic(space);
    const refuse = (message: string) => connection.send({ type: 'error', message, topic: SYNC_TOPIC, space });
    if (!connection.topics.has(topic) && connection.topics.size >= limits.maxTopicsPerConnection) {
      refuse(`At most ${limits.maxTopicsPerConnection} topics per connection.`);
      return;
    }
    if (!(await sync.canSubscribe(space, token))) {
      refuse('No sync space answers to this id and token.');
      return;
    }
    // Closed while the token was checked: hub.remove has run, so subscribing now would keep it for ever.
    if (!hub.connections.has(connection)) return;
    // Checked again: subscriptions sent together all passed the first check before any was counted.
    if (!connection.topics.has(topic) && connection.topics.size >= limits.maxTopicsPerConnection) {
      refuse(`At most ${limits.maxTopicsPerConnection} topics per connection.`);
      return;
    }
    hub.subscribe(connection, topic);
    connection.send({ type: 'subscribed', topic: SYNC_TOPIC, space });
  };

  /** `client` is the clientKey of the socket's address. */
  const handle = async (connection: Connection, client: string, data: RawData): Promise<void> => {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      connection.send({ type: 'error', message: 'Messages must be JSON.' });
      return;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      connection.send({ type: 'error', message: 'Unknown message or topic.', ...refusedTopic(json) });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'subscribe':
        if ('token' in message) {
          await subscribeSync(connection, message.space, message.token);
          return;
        }
        if (message.topic === PRESENCE_TOPIC && !connection.isAdmin) {
          connection.send({ type: 'error', message: 'Admin session required for presence.', topic: message.topic });
          return;
        }
        if (!connection.topics.has(message.topic) && connection.topics.size >= limits.maxTopicsPerConnection) {
          connection.send({ type: 'error', message: `At most ${limits.maxTopicsPerConnection} topics per connection.`, topic: message.topic });
          return;
        }
        hub.subscribe(connection, message.topic);
        connection.send({ type: 'subscribed', topic: message.topic });
        if (message.topic === PRESENCE_TOPIC) connection.send({ type: 'presence', count: await presence.syncCount() });
        return;
      case 'unsubscribe':
        if ('space' in message) {
          hub.unsubscribe(connection, syncHubTopic(message.space));
          connection.send({ type: 'unsubscribed', topic: SYNC_TOPIC, space: message.space });
          return;
        }
        hub.unsubscribe(connection, message.topic);
        connection.send({ type: 'unsubscribed', topic: message.topic });
        return;
      case 'presence.join':
        // The admin's own listener is never a visitor (docs/product.md, Visitor presence: the count excludes it).
        if (connection.isAdmin) return;
        // One visitor per connection: a join naming another visitor would count one socket many times.
        if (connection.visitorId !== undefined && connection.visitorId !== message.visitorId) {
          connection.send({ type: 'error', message: 'This connection already joined presence as another visitor.' });
          return;
        }
        // A repeated join of the joined visitor only refreshes its row; a new one takes a place of the address.
        if (!connection.joinedPresence && !visitors.join(client, message.visitorId)) {
          connection.send({ type: 'error', message: `At most ${limits.maxVisitorsPerClient} visitors per address are counted.` });
          return;
        }
        connection.visitorId = message.visitorId;
        connection.joinedPresence = true;
        await presence.join(connection.id, message.visitorId, message.onlineAt);
        return;
      case 'presence.leave':
        if (!connection.joinedPresence) return;
        connection.joinedPresence = false;
        if (connection.visitorId !== undefined) visitors.leave(client, connection.visitorId);
        // Left: the connection may join again, under another visitor id too.
        connection.visitorId = undefined;
        await presence.leave(connection.id);
        return;
      case 'pong':
        return;
    }
  };

  app.get('/api/realtime', {
    websocket: true,
    // Runs before the upgrade: a cross-site page may not open the socket (it would carry the admin cookie).
    preValidation: async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !isSameOrigin(request, origin)) throw new HttpError(403, 'Cross-site WebSocket refused.');
      const token = sessionToken(request);
      if (origin !== undefined && (await sessions.verify(token)) !== null) request.realtimeAdminToken = token;
    },
  }, (socket, request) => {
    const client = clientKey(request.ip);
    const release = counter.acquire(request.ip);
    if (!release) {
      socket.close(1013, 'Too many connections; try again later.');
      return;
    }
    const adminToken = request.realtimeAdminToken;
    const connection = new Connection(socket, adminToken !== undefined, adminToken);
    // A random phase spreads the heartbeats of sockets opened together over the whole interval.
    connection.lastPingAt = heartbeat.now() - Math.random() * heartbeat.intervalMs;
    const bucket = new TokenBucket(limits.messagesPerSecond, limits.messageBurst);
    hub.add(connection);
    const alive = () => {
      connection.awaitingPongSince = undefined;
    };
    socket.on('pong', alive);
    socket.on('message', (data, isBinary) => {
      alive();
      if (!bucket.take()) {
        socket.close(1008, 'Too many messages.');
        return;
      }
      if (isBinary || (Buffer.isBuffer(data) && data.byteLength > MAX_MESSAGE_BYTES)) {
        connection.send({ type: 'error', message: 'Messages must be short JSON text.' });
        return;
      }
      handle(connection, client, data).catch(onError);
    });
    socket.on('close', () => {
      release();
      hub.remove(connection);
      if (connection.joinedPresence) {
        if (connection.visitorId !== undefined) visitors.leave(client, connection.visitorId);
        presence.leave(connection.id).catch(onError);
      }
    });
    // Socket errors (a broken frame) go to @fastify/websocket's errorHandler (app.ts), which logs and terminates.
  });
}

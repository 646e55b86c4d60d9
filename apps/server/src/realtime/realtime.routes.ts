import { clientMessageSchema, HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '@grove/domain/realtime/messages';
import { PRESENCE_TOPIC } from '@grove/domain/realtime/topics';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import { HttpError } from '../http/errors.ts';
import { isSameOrigin } from '../http/security.ts';
import type { AdminSessionService } from '../modules/admin-session/admin-session.service.ts';
import { sessionToken } from '../modules/admin-session/admin-session.routes.ts';
import type { PresenceService } from '../modules/presence/presence.service.ts';
import { Connection, type Hub } from './hub.ts';

export interface HeartbeatTiming {
  intervalMs: number;
  timeoutMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatTiming = { intervalMs: HEARTBEAT_INTERVAL_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS };

const MAX_MESSAGE_BYTES = 4096;

declare module 'fastify' {
  interface FastifyRequest {
    realtimeIsAdmin?: boolean;
  }
}

/**
 * The WebSocket at /api/realtime. Browsers answer protocol pings by themselves; the JSON ping lets the
 * browser client notice a dead server too. Any frame from the client counts as a sign of life.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: { hub: Hub; presence: PresenceService; sessions: AdminSessionService; heartbeat: HeartbeatTiming },
): void {
  const { hub, presence, sessions, heartbeat } = deps;

  const tick = setInterval(() => {
    const now = Date.now();
    for (const connection of hub.connections) {
      if (connection.awaitingPongSince !== undefined) {
        if (now - connection.awaitingPongSince > heartbeat.timeoutMs) connection.socket.terminate();
      } else if (now - connection.lastPingAt >= heartbeat.intervalMs) {
        connection.lastPingAt = now;
        connection.awaitingPongSince = now;
        connection.socket.ping();
        connection.send({ type: 'ping' });
      }
    }
  }, Math.max(50, Math.min(1000, heartbeat.timeoutMs / 2)));
  app.addHook('onClose', () => clearInterval(tick));

  const onError = (error: unknown) => app.log.error({ err: error }, 'realtime');

  const handle = async (connection: Connection, data: RawData): Promise<void> => {
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
      connection.send({ type: 'error', message: 'Unknown message or topic.' });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'subscribe':
        if (message.topic === PRESENCE_TOPIC && !connection.isAdmin) {
          connection.send({ type: 'error', message: 'Admin session required for presence.' });
          return;
        }
        hub.subscribe(connection, message.topic);
        connection.send({ type: 'subscribed', topic: message.topic });
        if (message.topic === PRESENCE_TOPIC) connection.send({ type: 'presence', count: await presence.count() });
        return;
      case 'unsubscribe':
        hub.unsubscribe(connection, message.topic);
        connection.send({ type: 'unsubscribed', topic: message.topic });
        return;
      case 'presence.join':
        connection.joinedPresence = true;
        await presence.join(connection.id, message.visitorId, message.onlineAt);
        return;
      case 'presence.leave':
        connection.joinedPresence = false;
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
      request.realtimeIsAdmin = origin !== undefined && (await sessions.verify(sessionToken(request))) !== null;
    },
  }, (socket, request) => {
    const connection = new Connection(socket, request.realtimeIsAdmin === true);
    hub.add(connection);
    const alive = () => {
      connection.awaitingPongSince = undefined;
    };
    socket.on('pong', alive);
    socket.on('message', (data, isBinary) => {
      alive();
      if (isBinary || (Buffer.isBuffer(data) && data.byteLength > MAX_MESSAGE_BYTES)) {
        connection.send({ type: 'error', message: 'Messages must be short JSON text.' });
        return;
      }
      handle(connection, data).catch(onError);
    });
    socket.on('close', () => {
      hub.remove(connection);
      if (connection.joinedPresence) presence.leave(connection.id).catch(onError);
    });
    socket.on('error', onError);
  });
}

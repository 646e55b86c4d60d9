import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@grove/domain/realtime/messages';
import type { WebSocket } from 'ws';

/** The hub's topic of a sync space's subscribers; no topic a client may name plainly looks like it. */
export const syncHubTopic = (space: string): string => `sync:${space}`;

/** A client whose unsent data passes this is too slow to keep up: it is dropped and will reconnect. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
// A Buffer would otherwise go out as a binary frame; clients expect text.
const TEXT_FRAME = { binary: false } as const;

export class Connection {
  readonly id = randomUUID();
  readonly topics = new Set<string>();
  joinedPresence = false;
  /** The visitor this connection joined presence as; fixed for the connection's life. */
  visitorId: string | undefined;
  /** On the heartbeat's clock (realtime.routes.ts sets it when the socket opens). */
  lastPingAt = 0;
  awaitingPongSince: number | undefined;

  /**
   * @param adminToken the session token an admin connection opened with: re-checked on every heartbeat, so a
   *   logout or an expired session ends the connection's admin rights (the client reconnects as a visitor).
   */
  constructor(readonly socket: WebSocket, readonly isAdmin: boolean, readonly adminToken?: string) {}

  /** A JSON text frame; fan-outs pass one pre-encoded Buffer so it is not re-encoded per socket. */
  sendRaw(data: string | Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(data, TEXT_FRAME);
  }

  send(message: ServerMessage): void {
    this.sendRaw(JSON.stringify(message));
  }
}

/**
 * Topic subscriptions of this instance's sockets. A message is serialised and UTF-8 encoded once per
 * publish, not per socket (bench:realtime fans one change out to thousands of sockets).
 */
export class Hub {
  readonly connections = new Set<Connection>();
  private readonly topics = new Map<string, Set<Connection>>();

  add(connection: Connection): void {
    this.connections.add(connection);
  }

  remove(connection: Connection): void {
    this.connections.delete(connection);
    for (const topic of connection.topics) this.unsubscribe(connection, topic);
  }

  subscribe(connection: Connection, topic: string): void {
    connection.topics.add(topic);
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
    }
    set.add(connection);
  }

  unsubscribe(connection: Connection, topic: string): void {
    connection.topics.delete(topic);
    const set = this.topics.get(topic);
    set?.delete(connection);
    if (set?.size === 0) this.topics.delete(topic);
  }

  publish(topic: string, message: ServerMessage): void {
    const set = this.topics.get(topic);
    if (!set || set.size === 0) return;
    const data = Buffer.from(JSON.stringify(message), 'utf8');
    for (const connection of set) connection.sendRaw(data);
  }

  broadcast(message: ServerMessage): void {
    const data = Buffer.from(JSON.stringify(message), 'utf8');
    for (const connection of this.connections) connection.sendRaw(data);
  }
}

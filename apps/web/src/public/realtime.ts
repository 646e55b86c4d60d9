// The public pages' realtime connection (decision 075): one WebSocket to /api/realtime with the app's protocol
// (decision 023) and the app's client's behaviour (lib/realtime-client.ts: reconnects at 1, 2, 5, 10 s, a watchdog on
// the server's heartbeat, topics and the presence join sent again after a reconnect, a refetch once they are
// confirmed), without zod: the server's messages are read by small guards that check only what these pages use.
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, RECONNECT_DELAYS_MS } from '@grove/domain/realtime/protocol';
import { TOPIC_PATTERN } from '@grove/domain/realtime/topic-names';

/** The part of the browser WebSocket this client uses (so tests can pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** A change of a row, as much of it as the pages read. */
export interface Change {
  type: 'change';
  topic: string;
  table: 'blog_posts' | 'site_content';
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The post's id or the page's slug, from the new row, or the old one for a DELETE. */
  key: string | undefined;
}

export type ServerMessage =
  | Change
  | { type: 'ping' | 'resync' }
  | { type: 'subscribed'; topic: string }
  | { type: 'error'; message: string; topic: string | undefined };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const TABLES = new Set(['blog_posts', 'site_content']);
const EVENTS = new Set(['INSERT', 'UPDATE', 'DELETE']);

function rowKey(table: string, row: unknown): string | undefined {
  if (!isObject(row)) return undefined;
  const key = table === 'blog_posts' ? row.id : row.slug;
  return typeof key === 'string' ? key.toLowerCase() : undefined;
}

/** A server message these pages act on, or undefined for anything else (or anything malformed). */
export function readServerMessage(data: unknown): ServerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    return undefined;
  }
  if (!isObject(json)) return undefined;
  switch (json.type) {
    case 'ping':
    case 'resync':
      return { type: json.type };
    case 'subscribed':
      return typeof json.topic === 'string' ? { type: 'subscribed', topic: json.topic } : undefined;
    case 'error':
      return typeof json.message === 'string'
        ? { type: 'error', message: json.message, topic: typeof json.topic === 'string' ? json.topic : undefined }
        : undefined;
    case 'change': {
      const { topic, table, event } = json;
      if (typeof topic !== 'string' || typeof table !== 'string' || typeof event !== 'string' || !TABLES.has(table) || !EVENTS.has(event)) {
        return undefined;
      }
      if (json.new !== null && !isObject(json.new)) return undefined;
      if (json.old !== null && json.old !== undefined && !isObject(json.old)) return undefined;
      return {
        type: 'change', topic, table: table as Change['table'], event: event as Change['event'],
        key: rowKey(table, json.new) ?? rowKey(table, json.old),
      };
    }
    default:
      return undefined;
  }
}

export interface PublicRealtimeOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  reconnectDelaysMs?: readonly number[];
  silenceTimeoutMs?: number;
}

const OPEN = 1;
/** As lib/realtime-client.ts: open this long, a connection counts as working and the back-off starts over. */
const STABLE_AFTER_MS = 10_000;

/** Calls each listener on its own: one that throws stops neither the others nor the client (it still reaches the console). */
function notify<A extends unknown[]>(handlers: Iterable<(...args: A) => void>, ...args: A): void {
  for (const handler of handlers) {
    try {
      handler(...args);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

export class PublicRealtime {
  private socket: SocketLike | undefined;
  private attempt = 0;
  private stopped = true;
  private mayHaveMissed = false;
  private refetchDue = false;
  private awaitingAcks = new Set<string>();
  private presence: { visitorId: string; onlineAt: string } | undefined;
  /** A leave asked for before the connection was open: sent once it is. */
  private leaveDue = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly topics = new Map<string, Set<(change: Change) => void>>();
  private readonly refetchHandlers = new Set<() => void>();
  private readonly url: string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly delays: readonly number[];
  private readonly silenceMs: number;

  constructor(options: PublicRealtimeOptions = {}) {
    this.url = options.url ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
    this.silenceMs = options.silenceTimeoutMs ?? HEARTBEAT_INTERVAL_MS + HEARTBEAT_TIMEOUT_MS;
  }

  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.mayHaveMissed = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Client closed');
  }

  /** Change messages of a topic. */
  subscribe(topic: string, handler: (change: Change) => void): void {
    let handlers = this.topics.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.topics.set(topic, handlers);
      this.send({ type: 'subscribe', topic });
    }
    handlers.add(handler);
  }

  /** Called when changes may have been missed: after a lost connection is back with its topics confirmed, and on a resync. */
  onRefetch(handler: () => void): void {
    this.refetchHandlers.add(handler);
  }

  joinPresence(visitorId: string, onlineAt: string = new Date().toISOString()): void {
    this.presence = { visitorId, onlineAt };
    this.leaveDue = false;
    this.send({ type: 'presence.join', visitorId, onlineAt });
  }

  /**
   * Leaves presence, joined or not yet (the server ignores a leave without a join); asked before the connection is
   * open, the leave goes once it is, in place of the join.
   */
  leavePresence(): void {
    this.presence = undefined;
    if (this.socket?.readyState === OPEN) this.send({ type: 'presence.leave' });
    else this.leaveDue = true;
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private clearTimers(): void {
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    clearTimeout(this.stableTimer);
  }

  private open(): void {
    const socket = this.createSocket(this.url);
    this.socket = socket;
    // The watchdog also bounds the handshake: a connect that hangs is dropped and retried.
    this.armWatchdog();
    socket.onopen = () => {
      this.refetchDue = this.mayHaveMissed;
      this.mayHaveMissed = false;
      this.stableTimer = setTimeout(() => (this.attempt = 0), STABLE_AFTER_MS);
      this.armWatchdog();
      // A topic the server cannot read will not be confirmed: not waited for.
      this.awaitingAcks = new Set([...this.topics.keys()].filter((topic) => TOPIC_PATTERN.test(topic)));
      for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
      if (this.presence) this.send({ type: 'presence.join', ...this.presence });
      if (this.leaveDue) {
        this.leaveDue = false;
        this.send({ type: 'presence.leave' });
      }
      this.refetchIfReady();
    };
    socket.onmessage = (event) => {
      this.armWatchdog();
      this.handle(event.data);
    };
    socket.onclose = () => this.closed(socket);
    // An error is always followed by close, which reconnects.
    socket.onerror = () => {};
  }

  private refetchIfReady(): void {
    if (!this.refetchDue || this.awaitingAcks.size > 0) return;
    this.refetchDue = false;
    notify(this.refetchHandlers);
  }

  private closed(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.mayHaveMissed = true;
    this.clearTimers();
    if (this.stopped) return;
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 10_000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private armWatchdog(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      const socket = this.socket;
      if (!socket) return;
      // A dead link may take long to report close; reconnect now and let the old socket go.
      socket.close(4000, 'Heartbeat timeout');
      this.closed(socket);
    }, this.silenceMs);
  }

  private handle(data: unknown): void {
    const message = readServerMessage(data);
    switch (message?.type) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'change':
        notify(this.topics.get(message.topic) ?? [], message);
        return;
      case 'subscribed':
        this.awaitingAcks.delete(message.topic);
        this.refetchIfReady();
        return;
      case 'resync':
        notify(this.refetchHandlers);
        return;
      case 'error':
        // A refused subscription will not be confirmed: the refetch stops waiting for it.
        if (message.topic !== undefined && this.awaitingAcks.delete(message.topic)) this.refetchIfReady();
        return;
      default:
        return;
    }
  }
}

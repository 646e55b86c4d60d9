// Browser client for /api/realtime: topics, presence, heartbeat watchdog and reconnects (1, 2, 5, 10 s).
import {
  HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, RECONNECT_DELAYS_MS, serverMessageSchema, SYNC_TOPIC, type ChangeMessage,
} from '@grove/domain/realtime/messages';
import { PRESENCE_TOPIC, topicSchema } from '@grove/domain/realtime/topics';

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

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export type SyncSpaceEvent = 'ready' | 'changed' | 'refused';

/** Why a connection closed, as the socket's close event gave it (e.g. 4001 'Admin session ended.'). */
export interface CloseInfo {
  code: number;
  reason: string;
}

export interface RealtimeClientOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  reconnectDelaysMs?: readonly number[];
  /** Silence after which the connection is presumed dead (server pings every 25 s). */
  silenceTimeoutMs?: number;
}

const OPEN = 1;
/** Open this long, a connection counts as working: the back-off starts over (a server that accepts and then
 * closes at once, e.g. when it is full, is retried at 1, 2, 5, 10 s, not every second). */
const STABLE_AFTER_MS = 10_000;

/** Adds one registration of a handler; the returned function removes that registration only. */
function addListener<A extends unknown[]>(set: Set<(...args: A) => void>, handler: (...args: A) => void): () => void {
  const entry = (...args: A) => handler(...args);
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}

/**
 * Calls every listener, each on its own: one that throws neither stops the others nor the client's own work
 * (a reconnect, a refetch). Its error is rethrown outside, so it still reaches the console and error reporting.
 */
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

function closeInfo(event: unknown): CloseInfo | undefined {
  if (typeof event !== 'object' || event === null) return undefined;
  const { code, reason } = event as { code?: unknown; reason?: unknown };
  return typeof code === 'number' ? { code, reason: typeof reason === 'string' ? reason : '' } : undefined;
}

function defaultUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}

export class RealtimeClient {
  private socket: SocketLike | undefined;
  private attempt = 0;
  /** A connection was lost or could not be made: changes may have been missed until the next one is ready. */
  private mayHaveMissed = false;
  /** Topics re-sent on open whose 'subscribed' has not come back yet; the refetch waits for all of them. */
  private awaitingAcks = new Set<string>();
  private refetchDue = false;
  private stopped = true;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private presence: { visitorId: string; onlineAt: string } | undefined;
  private readonly topics = new Map<string, Set<(message: ChangeMessage) => void>>();
  private readonly presenceHandlers = new Set<(count: number) => void>();
  private readonly refetchHandlers = new Set<() => void>();
  private readonly statusHandlers = new Set<(status: RealtimeStatus, closed?: CloseInfo) => void>();
  private readonly errorHandlers = new Set<(message: string) => void>();
  /** The sync space whose new sequence numbers this connection asks for (decision 068), with its token. */
  private syncWatch: { space: string; token: string; handler: (event: SyncSpaceEvent) => void } | undefined;
  private readonly url: string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly delays: readonly number[];
  private readonly silenceMs: number;

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? defaultUrl();
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
    // Changes made while closed are not sent: a later connect() asks for a refetch.
    this.mayHaveMissed = true;
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Client closed');
    this.emitStatus('closed');
  }

  /**
   * Drops the connection and opens a new one at once, e.g. after the admin logs in or out (the server decides
   * what a connection may see when it opens). Subscriptions and presence carry over; a refetch follows.
   */
  reconnect(): void {
    if (this.stopped) return;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Reconnecting');
    this.mayHaveMissed = true;
    this.attempt = 0;
    this.open();
  }

  /** Error messages from the server (a refused subscription, a limit). */
  onError(handler: (message: string) => void): () => void {
    return addListener(this.errorHandlers, handler);
  }

  /** Change messages of a topic; returns the unsubscribe function. */
  subscribe(topic: string, handler: (message: ChangeMessage) => void): () => void {
    let handlers = this.topics.get(topic);
    if (!handlers) {
      handlers = new Set();
      this.topics.set(topic, handlers);
      this.send({ type: 'subscribe', topic });
    }
    const remove = addListener(handlers, handler);
    return () => {
      remove();
      if (handlers.size === 0 && this.topics.get(topic) === handlers) {
        this.topics.delete(topic);
        this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  /**
   * Tells `handler` when a sync space may hold something new: 'ready' once the server confirmed the subscription
   * (after every connect: read what came meanwhile), 'changed' on each of its new sequence numbers and on a server
   * resync, 'refused' when the server turned the subscription down. One space per client.
   */
  watchSyncSpace(space: string, token: string, handler: (event: SyncSpaceEvent) => void): () => void {
    const watch = { space, token, handler };
    this.syncWatch = watch;
    this.send({ type: 'subscribe', topic: SYNC_TOPIC, space, token });
    return () => {
      if (this.syncWatch !== watch) return;
      this.syncWatch = undefined;
      this.send({ type: 'unsubscribe', topic: SYNC_TOPIC, space });
    };
  }

  /** Live visitor count (admin session required). */
  onPresenceCount(handler: (count: number) => void): () => void {
    const remove = addListener(this.presenceHandlers, handler);
    const unsubscribe = this.subscribe(PRESENCE_TOPIC, () => {});
    return () => {
      remove();
      unsubscribe();
    };
  }

  /**
   * Called when changes may have been missed: once a connection that follows a lost or failed one has its
   * subscriptions confirmed by the server, and on a server resync. Refetch then.
   */
  onRefetch(handler: () => void): () => void {
    return addListener(this.refetchHandlers, handler);
  }

  /** Status changes; a 'closed' caused by the server or the network carries the close code and reason. */
  onStatus(handler: (status: RealtimeStatus, closed?: CloseInfo) => void): () => void {
    return addListener(this.statusHandlers, handler);
  }

  joinPresence(visitorId: string, onlineAt: string = new Date().toISOString()): void {
    this.presence = { visitorId, onlineAt };
    this.send({ type: 'presence.join', visitorId, onlineAt });
  }

  leavePresence(): void {
    if (!this.presence) return;
    this.presence = undefined;
    this.send({ type: 'presence.leave' });
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private emitStatus(status: RealtimeStatus, closed?: CloseInfo): void {
    notify(this.statusHandlers, status, closed);
  }

  private clearTimers(): void {
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    clearTimeout(this.stableTimer);
  }

  // Listeners are told after the client's state is settled: one that calls reconnect() or close() from a status
  // handler then acts on the current socket, and leaves no second socket or stray timer behind.
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
      // A topic the server cannot read will not be confirmed (nor always named in its error): not waited for.
      this.awaitingAcks = new Set([...this.topics.keys()].filter((topic) => topicSchema.safeParse(topic).success));
      for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
      if (this.syncWatch) this.send({ type: 'subscribe', topic: SYNC_TOPIC, space: this.syncWatch.space, token: this.syncWatch.token });
      if (this.presence) this.send({ type: 'presence.join', ...this.presence });
      this.emitStatus('open');
      if (this.socket === socket) this.refetchIfReady();
    };
    socket.onmessage = (event) => {
      this.armWatchdog();
      this.handle(event.data);
    };
    socket.onclose = (event) => this.closed(socket, closeInfo(event));
    // An error is always followed by close, which handles the reconnect.
    socket.onerror = () => {};
    this.emitStatus('connecting');
  }

  /** A refetch before the server confirmed the subscriptions could miss a change made in between. */
  private refetchIfReady(): void {
    if (!this.refetchDue || this.awaitingAcks.size > 0) return;
    this.refetchDue = false;
    notify(this.refetchHandlers);
  }

  private closed(socket: SocketLike, info?: CloseInfo): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.mayHaveMissed = true;
    this.clearTimers();
    if (this.stopped) return;
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 10_000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
    this.emitStatus('closed', info);
  }

  private armWatchdog(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      const socket = this.socket;
      if (!socket) return;
      // A dead link may take long to report close; reconnect now and let the old socket go.
      socket.close(4000, 'Heartbeat timeout');
      this.closed(socket, { code: 4000, reason: 'Heartbeat timeout' });
    }, this.silenceMs);
  }

  private handle(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'change':
        notify(this.topics.get(message.topic) ?? [], message);
        return;
      case 'presence':
        notify(this.presenceHandlers, message.count);
        return;
      case 'sync':
        if (message.space === this.syncWatch?.space) this.syncWatch.handler('changed');
        return;
      case 'subscribed':
        if (message.topic === SYNC_TOPIC) {
          if ('space' in message && message.space === this.syncWatch?.space) this.syncWatch.handler('ready');
          return;
        }
        this.awaitingAcks.delete(message.topic);
        this.refetchIfReady();
        return;
      case 'resync':
        notify(this.refetchHandlers);
        this.syncWatch?.handler('changed');
        return;
      case 'error':
        if (message.topic === SYNC_TOPIC && message.space !== undefined) {
          if (message.space === this.syncWatch?.space) this.syncWatch.handler('refused');
          return;
        }
        // A refused subscription names its topic; it will not be confirmed, so the refetch stops waiting for it.
        if (message.topic !== undefined && this.awaitingAcks.delete(message.topic)) this.refetchIfReady();
        notify(this.errorHandlers, message.message);
        return;
      default:
        return;
    }
  }
}

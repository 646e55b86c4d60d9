import { clientKey } from '../http/client-key.ts';

export interface RealtimeLimits {
  /** Topics one connection may subscribe to at once. */
  maxTopicsPerConnection: number;
  /** Sustained client messages per second per connection, and the burst allowed above it. */
  messagesPerSecond: number;
  messageBurst: number;
  /** Open sockets per client address (normalised like the login limit: IPv6 by /64). */
  maxConnectionsPerClient: number;
  /** Open sockets on this instance. */
  maxConnections: number;
  /** Distinct visitors one client address may add to presence on this instance (MAX_VISITORS_PER_CLIENT). */
  maxVisitorsPerClient: number;
}

/**
 * A household or office behind one address rarely has more people on the site at once; 50 sockets with made-up
 * visitor ids from one address must not read as 50 visitors. Joins of further visitors are refused.
 */
export const MAX_VISITORS_PER_CLIENT = 5;

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxTopicsPerConnection: 64,
  messagesPerSecond: 10,
  // A reconnecting client re-sends all its subscriptions at once.
  messageBurst: 100,
  maxConnectionsPerClient: 50,
  maxConnections: 10_000,
  maxVisitorsPerClient: MAX_VISITORS_PER_CLIENT,
};

/** A token bucket: `take()` is false once a client sends faster than the rate for longer than the burst. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(private readonly ratePerSecond: number, private readonly burst: number, private readonly now = Date.now) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) * this.ratePerSecond) / 1000);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Open sockets per client and in total; a socket over either cap is refused. */
export class ConnectionCounter {
  private total = 0;
  private readonly perClient = new Map<string, number>();

  constructor(private readonly limits: RealtimeLimits) {}

  /** Counts a new socket of `address`; returns the release function, or undefined when over a cap. */
  acquire(address: string): (() => void) | undefined {
    const key = clientKey(address);
    const count = this.perClient.get(key) ?? 0;
    if (this.total >= this.limits.maxConnections || count >= this.limits.maxConnectionsPerClient) return undefined;
    this.total += 1;
    this.perClient.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perClient.get(key) ?? 1) - 1;
      if (left <= 0) this.perClient.delete(key);
      else this.perClient.set(key, left);
    };
  }
}

/**
 * The distinct visitors each client address has joined presence as on this instance, counting the joined
 * connections of each (one visitor's several tabs are one visitor). A join of one more visitor than the cap is
 * refused; the visitor's place is freed when its last connection leaves.
 */
export class VisitorCounter {
  private readonly perClient = new Map<string, Map<string, number>>();

  constructor(private readonly maxPerClient: number) {}

  /** Counts a connection of `client` (its clientKey) joining as `visitorId`; false (nothing counted) when over the cap. */
  join(client: string, visitorId: string): boolean {
    const visitors = this.perClient.get(client) ?? new Map<string, number>();
    const connections = visitors.get(visitorId) ?? 0;
    if (connections === 0 && visitors.size >= this.maxPerClient) return false;
    visitors.set(visitorId, connections + 1);
    this.perClient.set(client, visitors);
    return true;
  }

  /** Undoes one successful join. */
  leave(client: string, visitorId: string): void {
    const visitors = this.perClient.get(client);
    const connections = visitors?.get(visitorId);
    if (!visitors || connections === undefined) return;
    if (connections > 1) visitors.set(visitorId, connections - 1);
    else visitors.delete(visitorId);
    if (visitors.size === 0) this.perClient.delete(client);
  }
}

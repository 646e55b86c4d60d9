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
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxTopicsPerConnection: 64,
  messagesPerSecond: 10,
  // A reconnecting client re-sends all its subscriptions at once.
  messageBurst: 100,
  maxConnectionsPerClient: 50,
  maxConnections: 10_000,
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

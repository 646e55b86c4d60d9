import type { Db } from '../../db/db.ts';
import type { PresenceRepository } from './presence.repository.ts';

export interface PresenceTiming {
  /** A row not refreshed for this long belongs to a dead instance. */
  ttlMs: number;
  /** How often each instance refreshes its rows and sweeps stale ones. */
  refreshMs: number;
}

export const DEFAULT_PRESENCE_TIMING: PresenceTiming = { ttlMs: 45_000, refreshMs: 15_000 };

/**
 * Visitor presence shared by all instances through the presence table. Joins and leaves NOTIFY
 * 'grove_presence' (a statement trigger), so every instance recounts and pushes the count to its admins.
 */
export class PresenceService {
  private timer: NodeJS.Timeout | undefined;
  private recount: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private lastCount = -1;
  private stopped = false;
  /** The refresh in flight, awaited by stop(): its rejoins must not run after leaveAll(). */
  private refreshing: Promise<void> = Promise.resolve();
  /** Connections that joined and have not left, with their visitor: the only rows of ours the refresh keeps. */
  private readonly live = new Map<string, { visitorId: string; onlineAt: string }>();
  /** Per connection, its last pending join/leave: they run in order (on PostgreSQL each may take another pool connection). */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly repository: PresenceRepository,
    private readonly timing: PresenceTiming,
    private readonly onCount: (count: number) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen('grove_presence', () => this.scheduleRecount());
    this.db.onListenGap(() => this.scheduleRecount());
    this.timer = setInterval(() => {
      this.refreshing = this.repository.refreshAndSweep([...this.live.keys()], this.timing.ttlMs).then((missing) => {
        if (this.stopped) return;
        for (const connectionId of missing) this.rejoin(connectionId);
        this.scheduleRecount();
      }, this.onError);
    }, this.timing.refreshMs);
  }

  join(connectionId: string, visitorId: string, onlineAt: string): Promise<void> {
    this.live.set(connectionId, { visitorId, onlineAt });
    return this.enqueue(connectionId, () => this.repository.join(connectionId, visitorId, onlineAt));
  }

  /**
   * Writes again the row of a live connection that lost it. Queued behind that connection's join/leave and
   * checked when it runs, so a leave that came in between is never undone.
   */
  private rejoin(connectionId: string): void {
    this.enqueue(connectionId, async () => {
      const visitor = this.live.get(connectionId);
      if (visitor && !this.stopped) await this.repository.join(connectionId, visitor.visitorId, visitor.onlineAt);
    }).catch(this.onError);
  }

  /** Also what a closing connection calls: it runs after that connection's pending join. */
  leave(connectionId: string): Promise<void> {
    this.live.delete(connectionId);
    return this.enqueue(connectionId, () => this.repository.leave(connectionId));
  }

  private enqueue(connectionId: string, operation: () => Promise<void>): Promise<void> {
    const previous = this.pending.get(connectionId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(operation);
    const settled = next.catch(() => {});
    this.pending.set(connectionId, settled);
    void settled.then(() => {
      if (this.pending.get(connectionId) === settled) this.pending.delete(connectionId);
    });
    return next;
  }

  count(): Promise<number> {
    return this.repository.count(this.timing.ttlMs);
  }

  /**
   * The count for an admin who just subscribed. It also becomes the last count pushed (to every admin when it
   * changed): otherwise a later recount equal to a stale last count would push nothing, and this admin would
   * keep the number it got here.
   */
  async syncCount(): Promise<number> {
    const count = await this.count();
    this.pushIfChanged(count);
    return count;
  }

  private pushIfChanged(count: number): void {
    if (count === this.lastCount) return;
    this.lastCount = count;
    this.onCount(count);
  }

  // Bursts of joins collapse into one count query per instance.
  private scheduleRecount(): void {
    if (this.recount) return;
    this.recount = setTimeout(() => {
      this.recount = undefined;
      this.count().then((count) => this.pushIfChanged(count), this.onError);
    }, 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.recount);
    await this.refreshing;
    await this.stopListening?.();
    await Promise.all(this.pending.values());
    // A clean shutdown removes our visitors at once instead of waiting for the sweep.
    await this.repository.leaveAll();
  }
}

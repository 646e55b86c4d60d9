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
      this.repository.refreshAndSweep(this.timing.ttlMs).then(() => this.scheduleRecount(), this.onError);
    }, this.timing.refreshMs);
  }

  join(connectionId: string, visitorId: string, onlineAt: string): Promise<void> {
    return this.repository.join(connectionId, visitorId, onlineAt);
  }

  leave(connectionId: string): Promise<void> {
    return this.repository.leave(connectionId);
  }

  count(): Promise<number> {
    return this.repository.count(this.timing.ttlMs);
  }

  // Bursts of joins collapse into one count query per instance.
  private scheduleRecount(): void {
    if (this.recount) return;
    this.recount = setTimeout(() => {
      this.recount = undefined;
      this.count().then((count) => {
        if (count === this.lastCount) return;
        this.lastCount = count;
        this.onCount(count);
      }, this.onError);
    }, 50);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.recount);
    await this.stopListening?.();
    // A clean shutdown removes our visitors at once instead of waiting for the sweep.
    await this.repository.leaveAll();
  }
}

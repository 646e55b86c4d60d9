import type { Db } from '../../db/db.ts';

export class PresenceRepository {
  constructor(private readonly db: Db, private readonly instanceId: string) {}

  async join(connectionId: string, visitorId: string, onlineAt: string): Promise<void> {
    await this.db.query(
      `insert into presence (instance_id, connection_id, visitor_id, online_at) values ($1, $2, $3, $4)
       on conflict (instance_id, connection_id) do update
         set visitor_id = excluded.visitor_id, online_at = excluded.online_at, last_seen = now()`,
      [this.instanceId, connectionId, visitorId, onlineAt],
    );
  }

  async leave(connectionId: string): Promise<void> {
    await this.db.query('delete from presence where instance_id = $1 and connection_id = $2', [this.instanceId, connectionId]);
  }

  async leaveAll(): Promise<void> {
    await this.db.query('delete from presence where instance_id = $1', [this.instanceId]);
  }

  /** Distinct visitors over all instances whose rows are still fresh. */
  async count(ttlMs: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `select count(distinct visitor_id)::int as n from presence where last_seen > now() - $1 * interval '1 millisecond'`, [ttlMs]);
    return row?.n ?? 0;
  }

  /**
   * Keeps the rows of this instance's live connections fresh, removes its other rows (left behind by a
   * failed leave) and the rows of instances that stopped refreshing. Returns the live connections that had
   * no row to refresh: another instance swept them while this one was stalled (a long pause, a database
   * restart), and the caller writes them again.
   */
  async refreshAndSweep(liveConnectionIds: readonly string[], ttlMs: number): Promise<string[]> {
    const refreshed = await this.db.query<{ connection_id: string }>(
      'update presence set last_seen = now() where instance_id = $1 and connection_id = any($2::text[]) returning connection_id',
      [this.instanceId, liveConnectionIds]);
    // Only rows older than a few seconds: a join racing this snapshot of live ids must survive.
    await this.db.query(
      `delete from presence where instance_id = $1 and not (connection_id = any($2::text[])) and last_seen < now() - interval '5 seconds'`,
      [this.instanceId, liveConnectionIds]);
    await this.db.query(`delete from presence where last_seen <= now() - $1 * interval '1 millisecond'`, [ttlMs]);
    const present = new Set(refreshed.map((row) => row.connection_id));
    return liveConnectionIds.filter((id) => !present.has(id));
  }
}

import type { Db, Queryable } from '../../db/db.ts';

/** Admin sessions and failed logins, in the database so every instance sees the same ones. */
const SESSION_ENDED_CHANNEL = 'grove_admin_session_ended';

export class AdminSessionRepository {
  constructor(private readonly db: Db) {}

  async create(tokenHash: string, absoluteMs: number): Promise<Date> {
    const [row] = await this.db.query<{ expires_at: Date }>(
      `insert into admin_sessions (token_hash, expires_at) values ($1, now() + $2 * interval '1 millisecond')
       returning expires_at`,
      [tokenHash, absoluteMs],
    );
    if (!row) throw new Error('session insert returned no row');
    return row.expires_at;
  }

  /** Returns the absolute expiry of a live session and refreshes its idle clock, in one statement. */
  async touch(tokenHash: string, idleMs: number): Promise<Date | undefined> {
    const [row] = await this.db.query<{ expires_at: Date }>(
      `update admin_sessions set last_seen_at = now()
       where token_hash = $1 and expires_at > now() and last_seen_at > now() - $2 * interval '1 millisecond'
       returning expires_at`,
      [tokenHash, idleMs],
    );
    return row?.expires_at;
  }

  /** A live session's absolute expiry, without refreshing its idle clock. */
  async liveExpiry(tokenHash: string, idleMs: number): Promise<Date | undefined> {
    const [row] = await this.db.query<{ expires_at: Date }>(
      `select expires_at from admin_sessions
       where token_hash = $1 and expires_at > now() and last_seen_at > now() - $2 * interval '1 millisecond'`,
      [tokenHash, idleMs],
    );
    return row?.expires_at;
  }

  /** Tells every instance (NOTIFY) that the session of this hash ended: they close its sockets (decision 067). */
  async announceEnded(tokenHash: string): Promise<void> {
    await this.db.query(`select pg_notify('${SESSION_ENDED_CHANNEL}', $1)`, [tokenHash]);
  }

  /** Calls `onEnded` with each ended session's hash, from any instance; resolves to a function that stops it. */
  listenEnded(onEnded: (tokenHash: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(SESSION_ENDED_CHANNEL, onEnded);
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.query('delete from admin_sessions where token_hash = $1', [tokenHash]);
  }

  async deleteExpired(idleMs: number): Promise<void> {
    await this.db.query(
      `delete from admin_sessions where expires_at <= now() or last_seen_at <= now() - $1 * interval '1 millisecond'`,
      [idleMs],
    );
    await this.db.query(`delete from admin_login_failures where failed_at < now() - interval '1 hour'`);
  }

  /**
   * Runs a login attempt for one client serialised with that client's other attempts on every instance
   * (advisory lock). The lock is tried, not waited for: a pooled connection is never held waiting, and a
   * concurrent attempt gets undefined (the caller answers 429).
   */
  withClientLock<T>(client: string, fn: (tx: Queryable) => Promise<T>): Promise<{ value: T } | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [`grove-login:${client}`]);
      if (!row?.locked) return undefined;
      return { value: await fn(tx) };
    });
  }

  async recentFailures(tx: Queryable, client: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }> {
    const [row] = await tx.query<{ count: number; retry_after: number | null }>(
      `select count(*)::int as count,
              ceil(extract(epoch from (min(failed_at) + $2 * interval '1 millisecond' - now())))::int as retry_after
       from admin_login_failures where client = $1 and failed_at > now() - $2 * interval '1 millisecond'`,
      [client, windowMs],
    );
    return { count: row?.count ?? 0, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) };
  }

  async recordFailure(tx: Queryable, client: string): Promise<void> {
    await tx.query('insert into admin_login_failures (client) values ($1)', [client]);
  }
}

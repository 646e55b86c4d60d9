import type { Db, Queryable } from '../../db/db.ts';
import type { RateWindow } from './sync-limits.ts';
import type { SpaceState } from './sync-space.ts';

/** Announced by migration 007's trigger after each append commits: `{"space": id, "seq": n}`, never a body. */
export const SYNC_CHANNEL = 'grove_sync';

export interface DeviceRow {
  deviceId: string;
  lastSeq: number;
  lastSeenAt: Date;
}

export interface StoredRecord {
  kind: 'snapshot' | 'update';
  seq: number;
  body: Buffer;
}

interface SpaceRow {
  token_hash: Uint8Array;
  bytes: number | string;
  last_seq: number | string;
  rate_window_start: Date;
  rate_count: number;
  now: Date;
}

// node-postgres returns bigint as a string and bytea as a Buffer; PGlite a number and a Uint8Array.
const toBuffer = (value: Uint8Array): Buffer =>
  (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

function toState(row: SpaceRow): SpaceState {
  return {
    tokenHash: toBuffer(row.token_hash),
    bytes: Number(row.bytes),
    lastSeq: Number(row.last_seq),
    window: { start: row.rate_window_start, count: row.rate_count },
    now: row.now,
  };
}

const SPACE_COLUMNS = 'token_hash, bytes, last_seq, rate_window_start, rate_count, now() as now';

/** Sync spaces and their opaque bytes (migration 007). Bodies go in and out as they are; no query looks inside one. */
export class SyncRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async findSpace(id: string): Promise<SpaceState | undefined> {
    const [row] = await this.db.query<SpaceRow>(`select ${SPACE_COLUMNS} from sync_spaces where id = $1`, [id]);
    return row ? toState(row) : undefined;
  }

  /** The space's row, locked until the transaction ends: appends and snapshots of one space take turns. */
  async lockSpace(tx: Queryable, id: string): Promise<SpaceState | undefined> {
    const [row] = await tx.query<SpaceRow>(`select ${SPACE_COLUMNS} from sync_spaces where id = $1 for update`, [id]);
    return row ? toState(row) : undefined;
  }

  /**
   * Runs `fn` serialised with the other space creations of this client on every instance (advisory lock). The lock
   * is tried, not waited for: a concurrent creation gets undefined (the caller answers 429).
   */
  withClientLock<T>(client: string, fn: (tx: Queryable) => Promise<T>): Promise<{ value: T } | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(hashtext($1)) as locked', [`grove-sync-create:${client}`]);
      if (!row?.locked) return undefined;
      return { value: await fn(tx) };
    });
  }

  /** Spaces this client created in the last hour, and the seconds until the oldest of them leaves the hour. */
  async recentCreations(tx: Queryable, client: string): Promise<{ count: number; retryAfterSeconds: number }> {
    const [row] = await tx.query<{ count: number; retry_after: number | null }>(
      `select count(*)::int as count,
              ceil(extract(epoch from (min(created_at) + interval '1 hour' - now())))::int as retry_after
       from sync_space_creations where client = $1 and created_at > now() - interval '1 hour'`,
      [client],
    );
    return { count: row?.count ?? 0, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) };
  }

  /** Inserts the space; false when the id is taken (nothing is changed then). */
  async insertSpace(tx: Queryable, id: string, tokenHash: Buffer, client: string): Promise<boolean> {
    const rows = await tx.query('insert into sync_spaces (id, token_hash) values ($1, $2) on conflict (id) do nothing returning id', [id, tokenHash]);
    if (rows.length === 0) return false;
    await tx.query('insert into sync_space_creations (client) values ($1)', [client]);
    return true;
  }

  /** Writes the update of sequence number `seq` (its space locked by lockSpace) and moves the space's counters. */
  async insertUpdate(tx: Queryable, id: string, seq: number, body: Buffer, window: RateWindow): Promise<number> {
    const [row] = await tx.query<{ bytes: number | string }>(
      `update sync_spaces set last_seq = $2, bytes = bytes + $3, rate_window_start = $4, rate_count = $5, last_used_at = now()
       where id = $1 returning bytes`,
      [id, seq, body.byteLength, window.start, window.count],
    );
    await tx.query('insert into sync_updates (space_id, seq, body) values ($1, $2, $3)', [id, seq, body]);
    return Number(row?.bytes ?? 0);
  }

  async snapshotCovers(tx: Queryable, id: string): Promise<number | undefined> {
    const [row] = await tx.query<{ covers_seq: number | string }>('select covers_seq from sync_snapshots where space_id = $1', [id]);
    return row === undefined ? undefined : Number(row.covers_seq);
  }

  /**
   * Replaces the space's snapshot with one covering `covers`, deletes the updates it covers and recounts the
   * space's bytes; returns them (the caller refuses, and so rolls back, a total over the limit).
   */
  async replaceSnapshot(tx: Queryable, id: string, covers: number, body: Buffer): Promise<number> {
    await tx.query('delete from sync_updates where space_id = $1 and seq <= $2', [id, covers]);
    await tx.query(
      `insert into sync_snapshots (space_id, covers_seq, body) values ($1, $2, $3)
       on conflict (space_id) do update set covers_seq = excluded.covers_seq, body = excluded.body, created_at = now()`,
      [id, covers, body],
    );
    const [row] = await tx.query<{ bytes: number | string }>(
      `update sync_spaces set last_used_at = now(),
         bytes = $2 + (select coalesce(sum(octet_length(body)), 0) from sync_updates where space_id = $1)
       where id = $1 returning bytes`,
      [id, body.byteLength],
    );
    return Number(row?.bytes ?? 0);
  }

  /**
   * Records that a device used the space: last seen now, and its last sequence number raised to `seq` (0 raises
   * nothing). A new device past `maxDevices` makes the space forget the one seen longest ago.
   */
  async recordDevice(id: string, deviceId: string, seq: number, maxDevices: number, target: Queryable = this.db): Promise<void> {
    const [row] = await target.query<{ inserted: boolean }>(
      // Only while the space exists: one deleted since the request was authorised is left alone.
      `insert into sync_devices (space_id, device_id, last_seq) select $1, $2, $3 where exists (select 1 from sync_spaces where id = $1)
       on conflict (space_id, device_id) do update
         set last_seq = greatest(sync_devices.last_seq, excluded.last_seq), last_seen_at = now()
       returning (xmax = 0) as inserted`,
      [id, deviceId, seq],
    );
    if (!row?.inserted) return;
    await target.query(
      `delete from sync_devices where space_id = $1 and device_id in (
         select device_id from sync_devices where space_id = $1 order by last_seen_at desc, device_id offset $2)`,
      [id, maxDevices],
    );
  }

  /** Keeps a space from expiring; written at most once a minute per space. */
  async touch(id: string): Promise<void> {
    await this.db.query(`update sync_spaces set last_used_at = now() where id = $1 and last_used_at < now() - interval '1 minute'`, [id]);
  }

  /**
   * One page of what a device at `after` lacks (null: a device that has nothing), read in one repeatable-read
   * transaction so a snapshot replacing updates meanwhile can never leave a hole: the latest snapshot when it covers
   * more than `after` (always when `after` is null), then the updates after it or after `after`, oldest first, up
   * to `maxUpdates` and `maxBytes` (`bytesOf` gives a record's size in the page; the first record always goes).
   */
  readPage(
    id: string, after: number | null, maxUpdates: number, maxBytes: number, bytesOf: (bodyLength: number) => number,
  ): Promise<{ lastSeq: number; records: StoredRecord[]; more: boolean }> {
    return this.db.transaction(async (tx) => {
      await tx.exec('set transaction isolation level repeatable read');
      const [space] = await tx.query<{ last_seq: number | string }>('select last_seq from sync_spaces where id = $1', [id]);
      const lastSeq = Number(space?.last_seq ?? 0);
      const [snapshot] = await tx.query<{ covers_seq: number | string; size: number }>(
        'select covers_seq, octet_length(body)::int as size from sync_snapshots where space_id = $1', [id]);
      const covers = snapshot === undefined ? undefined : Number(snapshot.covers_seq);
      const sent = snapshot !== undefined && covers !== undefined && (after === null || covers > after)
        ? { covers, size: snapshot.size } : undefined;
      const from = sent?.covers ?? after ?? 0;
      const sizes = await tx.query<{ seq: number | string; size: number }>(
        'select seq, octet_length(body)::int as size from sync_updates where space_id = $1 and seq > $2 order by seq limit $3',
        [id, from, maxUpdates + 1],
      );
      let used = sent === undefined ? 0 : bytesOf(sent.size);
      let taken = 0;
      for (const row of sizes.slice(0, maxUpdates)) {
        const size = bytesOf(row.size);
        if ((sent !== undefined || taken > 0) && used + size > maxBytes) break;
        used += size;
        taken += 1;
      }
      const records: StoredRecord[] = [];
      if (sent !== undefined) {
        const [row] = await tx.query<{ body: Uint8Array }>('select body from sync_snapshots where space_id = $1', [id]);
        if (row) records.push({ kind: 'snapshot', seq: sent.covers, body: toBuffer(row.body) });
      }
      const last = sizes[taken - 1];
      if (last !== undefined) {
        const rows = await tx.query<{ seq: number | string; body: Uint8Array }>(
          'select seq, body from sync_updates where space_id = $1 and seq > $2 and seq <= $3 order by seq', [id, from, last.seq]);
        for (const row of rows) records.push({ kind: 'update', seq: Number(row.seq), body: toBuffer(row.body) });
      }
      return { lastSeq, records, more: taken < sizes.length };
    });
  }

  async devices(id: string): Promise<DeviceRow[]> {
    const rows = await this.db.query<{ device_id: string; last_seq: number | string; last_seen_at: Date }>(
      'select device_id, last_seq, last_seen_at from sync_devices where space_id = $1 order by last_seen_at desc, device_id', [id]);
    return rows.map((row) => ({ deviceId: row.device_id, lastSeq: Number(row.last_seq), lastSeenAt: row.last_seen_at }));
  }

  /** Removes the space and, by cascade, every row of it; false when there was none. */
  async deleteSpace(id: string): Promise<boolean> {
    return (await this.db.query('delete from sync_spaces where id = $1 returning id', [id])).length > 0;
  }

  /** Removes the spaces unused for `ttlDays` and forgets creations older than the hour the creation limit counts. */
  async sweep(ttlDays: number): Promise<number> {
    const removed = await this.db.query(`delete from sync_spaces where last_used_at < now() - $1 * interval '1 day' returning id`, [ttlDays]);
    await this.db.query(`delete from sync_space_creations where created_at <= now() - interval '1 hour'`);
    return removed.length;
  }

  listenAppends(onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(SYNC_CHANNEL, onPayload);
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.ts';
import { assertChannelName, type Db, type Queryable, type SqlParam } from './db.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    query: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    exec: async (sql: string) => {
      await target.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL in DATA_DIR/pglite. PGlite has no lock between processes, so the data directory is
 * locked with a pid file first; a second server on it refuses to start instead of corrupting it.
 */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(path.join(dataDir, 'pglite'));
  } catch (error) {
    release();
    throw error;
  }
  const base = wrap(pg);
  let closed = false;
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      const stop = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await stop();
      };
    },
    // In-process: notifications cannot be lost, so there is never a gap.
    onListenGap() {},
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { StartupConfigError } from '../startup-error.ts';
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

/** PGlite's file system errors are not Error objects but { name: 'ErrnoError', errno } (Emscripten's codes). */
function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? `PGlite file system error ${errno}` : String(error);
}

/**
 * Embedded PostgreSQL in DATA_DIR/pglite. PGlite has no lock between processes, so the data directory is
 * locked with a pid file first; a second server on it refuses to start instead of corrupting it.
 */
export async function openPgliteDb(dataDir: string): Promise<Db> {
  const dir = path.join(dataDir, 'pglite');
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StartupConfigError(`DATA_DIR cannot hold the database: ${(error as Error).message}`);
  }
  const release = lockDataDir(dataDir);
  let pg: PGlite;
  try {
    // A directory without PG_VERSION is created here (initdb, in this thread: decision 035).
    const creating = !existsSync(path.join(dir, 'PG_VERSION'));
    pg = await PGlite.create(dir).catch((error: unknown) => {
      throw new Error(`${creating ? 'creating' : 'opening'} the PGlite database in ${dir} failed: ${reason(error)}`, { cause: error });
    });
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

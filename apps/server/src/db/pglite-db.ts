import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
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

// Runs in a worker thread: creates the database in an empty directory (initdb) and closes it. Only dynamic
// imports, so the code runs whether node evaluates it as a script or, with --input-type=module, as a module.
const INITDB_WORKER = `
import('node:worker_threads').then(async ({ workerData }) => {
  const { PGlite } = await import(workerData.pglite);
  const pg = await PGlite.create(workerData.dir);
  await pg.close();
}).catch((error) => {
  // PGlite's file system errors are not Error objects but { name: 'ErrnoError', errno } (Emscripten's codes).
  if (error instanceof Error) throw error;
  throw new Error(error && error.errno !== undefined ? 'PGlite file system error ' + error.errno : String(error));
});
`;

/**
 * Creates the database in an empty PGlite directory, in a worker thread. PGlite runs initdb with a second
 * PGlite instance and an initdb WebAssembly instance, which leave about 450 MB of memory behind that only a
 * full garbage collection returns. In the main thread that garbage stayed until V8 chose to collect it, and the
 * collection then paused a loaded server for 30 ms or more (issue 4's bench:api). A worker's memory goes back
 * to the system when the worker exits.
 */
async function initdbInWorker(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(INITDB_WORKER, { eval: true, workerData: { pglite, dir } });
  let failure: unknown;
  worker.once('error', (error) => {
    failure = error;
  });
  const code = await new Promise<number>((resolve) => worker.once('exit', resolve));
  if (failure !== undefined || code !== 0) {
    const reason = failure instanceof Error ? failure.message : `the worker exited with code ${code}`;
    throw new Error(`creating the PGlite database in ${dir} failed: ${reason}`, { cause: failure });
  }
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
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initdbInWorker(dir);
    pg = await PGlite.create(dir);
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

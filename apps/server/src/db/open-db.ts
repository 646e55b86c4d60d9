import type { Db } from './db.ts';
import { openPgDb } from './pg-db.ts';
import { openPgliteDb } from './pglite-db.ts';

export interface DbConfig {
  /** PostgreSQL connection string; when unset, PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  onError?: (error: Error) => void;
}

export function openDb(config: DbConfig): Promise<Db> {
  return config.databaseUrl ? openPgDb(config.databaseUrl, config.onError) : openPgliteDb(config.dataDir);
}

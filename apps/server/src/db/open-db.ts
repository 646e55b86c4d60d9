import type { Db } from './db.ts';

export interface DbConfig {
  /** PostgreSQL connection string; when unset, PGlite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  onError?: (error: Error) => void;
}

/** Loads only the driver of the engine in use: the other one would cost a few MB of heap for nothing. */
export async function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { openPgDb } = await import('./pg-db.ts');
    return openPgDb(config.databaseUrl, config.onError);
  }
  const { openPgliteDb } = await import('./pglite-db.ts');
  return openPgliteDb(config.dataDir);
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number shared by every instance; the lock is held until the migration transaction ends.
const MIGRATION_LOCK_KEY = 4_766_839_201;

const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/;

/**
 * Applies the numbered SQL migrations not yet recorded in schema_migrations, all in one transaction under an
 * advisory lock, so instances starting together run them once and never see a half-migrated schema.
 * Returns the file names applied now.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => FILE_NAME.test(name)).sort();
  const scripts = await Promise.all(files.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })));
  return db.transaction(async (tx) => {
    // Waiting for another instance's migration, and a long migration itself, must not hit the pool's
    // statement_timeout (meant for requests): start-up waits instead of failing.
    await tx.exec('set local statement_timeout = 0');
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`create table if not exists schema_migrations (
      version text primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((row) => row.version));
    const applied: string[] = [];
    for (const { name, sql } of scripts) {
      const version = FILE_NAME.exec(name)?.[1] ?? name;
      if (done.has(version)) continue;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [version, name]);
      applied.push(name);
    }
    return applied;
  });
}

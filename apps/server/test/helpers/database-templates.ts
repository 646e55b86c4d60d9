import { cpSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate.ts';
import { openPgDb } from '../../src/db/pg-db.ts';
import { openPgliteDb } from '../../src/db/pglite-db.ts';
import { createTempDatabase } from './pg-database.ts';
import { makeTempDir } from './temp-dir.ts';

// Vitest's global set-up for the server project (decision 070): one migrated database per engine for the whole
// run, which every test file then copies instead of creating and migrating its own. A fresh PGlite costs an
// initdb and seven migrations (5–30 s on this 2-core machine while other files run); copying a closed one
// costs a folder copy, and PostgreSQL copies a TEMPLATE database in well under a second.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data folder (the `pglite` folder of a DATA_DIR) to copy. */
    pgliteTemplate: string;
    /** The name of a migrated PostgreSQL database nobody connects to, to CREATE DATABASE … TEMPLATE from. */
    postgresTemplate: string;
  }
}

async function migratedPglite(): Promise<{ folder: string; remove(): void }> {
  const tmp = makeTempDir('grove-template-');
  const db = await openPgliteDb(tmp.dir);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return { folder: path.join(tmp.dir, 'pglite'), remove: () => tmp.remove() };
}

async function migratedPostgres(): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createTempDatabase();
  const db = await openPgDb(template.url);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return { name: new URL(template.url).pathname.slice(1), drop: () => template.drop() };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [pglite, postgres] = await Promise.all([migratedPglite(), migratedPostgres()]);
  project.provide('pgliteTemplate', pglite.folder);
  project.provide('postgresTemplate', postgres.name);
  return async () => {
    pglite.remove();
    await postgres.drop();
  };
}

/** A copy of the migrated PGlite template as the database of a new DATA_DIR. */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}

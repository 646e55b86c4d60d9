import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL (trust auth); CI provides the same. Override with TEST_POSTGRES_URL. */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

const NAME = /^[a-z0-9_]+$/;

/**
 * A fresh database per test file (not a schema: NOTIFY channels are per database, so parallel runs in
 * schemas of one database would hear each other): empty, or a copy of `template` (a database nobody is
 * connected to). Dropped with FORCE afterwards.
 */
export async function createTempDatabase(template?: string): Promise<TempDatabase> {
  const name = `grove_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (template !== undefined && !NAME.test(template)) throw new Error(`not a template name: ${template}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(template === undefined ? `create database ${name}` : `create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

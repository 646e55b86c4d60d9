import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import type { Db } from '../../src/db/db.ts';
import { openPgDb } from '../../src/db/pg-db.ts';
import { openPgliteDb } from '../../src/db/pglite-db.ts';
import { copyPgliteTemplate } from './database-templates.ts';
import { createTempDatabase } from './pg-database.ts';
import { makeTempDir } from './temp-dir.ts';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];

export const SECRET = 'test-secret-key-0123456789';
/** What app.inject's default Host (localhost:80) makes the server expect in an Origin header. */
export const ORIGIN = 'http://localhost';

export interface TestDatabase {
  db: Db;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * One database per engine for a whole test file: a copy of the run's migrated template (decision 070), or with
 * `fresh` an empty one that the app's start-up migrates.
 */
export async function openTestDatabase(engine: Engine, options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  const tmp = makeTempDir();
  if (engine === 'pglite') {
    if (!options.fresh) copyPgliteTemplate(inject('pgliteTemplate'), tmp.dir);
    const db = await openPgliteDb(tmp.dir);
    const close = async () => {
      await db.close();
      tmp.remove();
    };
    return { db, dataDir: tmp.dir, close };
  }
  const temp = await createTempDatabase(options.fresh ? undefined : inject('postgresTemplate'));
  const db = await openPgDb(temp.url);
  const close = async () => {
    await db.close();
    await temp.drop();
    tmp.remove();
  };
  return { db, dataDir: tmp.dir, close };
}

export function testApp(database: TestDatabase, options: AppOptions = {}): Promise<FastifyInstance> {
  return buildApp({ db: database.db, dataDir: database.dataDir, adminSecretKey: SECRET, print: () => {}, ...options });
}

export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error(`no cookie set (status ${response.statusCode}: ${response.body})`);
  return first.split(';')[0] ?? '';
}

/** Logs in as admin and returns headers for cookie-authenticated writes. */
export async function adminHeaders(app: FastifyInstance, client = '127.0.0.1'): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { key: SECRET }, remoteAddress: client });
  return { cookie: cookieOf(response), origin: ORIGIN };
}

export async function resetContent(db: Db): Promise<void> {
  await db.query('delete from blog_posts');
  await db.query('delete from storage_objects');
  await db.query('delete from admin_login_failures');
  await db.query('delete from admin_sessions');
}

export interface ContentApp {
  database: TestDatabase;
  app: FastifyInstance;
  /** Headers of a logged-in admin, fresh for each test. */
  admin: Record<string, string>;
}

/**
 * The set-up of the content API tests: one app on a fresh database of the engine for the file, and before
 * each test the content reset and an admin logged in. Read the fields inside hooks and tests (they are set
 * by beforeAll/beforeEach).
 */
export function useContentApp(engine: Engine, options: AppOptions = {}): ContentApp {
  const context = {} as ContentApp;
  beforeAll(async () => {
    context.database = await openTestDatabase(engine);
    context.app = await testApp(context.database, options);
  });
  afterAll(async () => {
    await context.app.close();
    await context.database.close();
  });
  beforeEach(async () => {
    await resetContent(context.database.db);
    context.admin = await adminHeaders(context.app);
  });
  return context;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { adminHeaders, cookieOf, ENGINES, openTestDatabase, ORIGIN, resetContent, SECRET, testApp, type TestDatabase } from './helpers/test-app.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

const login = (app: FastifyInstance, key: string, remoteAddress = '10.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/session', payload: { key }, remoteAddress, headers: { origin: ORIGIN, ...headers } });

const IDLE_MS = 30 * 60_000;
const ABSOLUTE_MS = 12 * 60 * 60_000;

describe.each(ENGINES)('admin session on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    app = await testApp(database, { sessionLimits: { idleMs: IDLE_MS, absoluteMs: ABSOLUTE_MS, housekeepingMs: 0 } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(() => resetContent(database.db));

  it('sets an httpOnly SameSite=Strict cookie for the right key and reports the session', async () => {
    const response = await login(app, SECRET);
    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^grove_admin_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieOf(response) } });
    expect(session.json()).toMatchObject({ authenticated: true });
    expect((await app.inject({ method: 'GET', url: '/api/admin/session' })).json()).toEqual({ authenticated: false, expires_at: null });
  });

  it('answers a wrong or missing key with the product messages', async () => {
    const wrong = await login(app, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid secret key.' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const missing = await app.inject({ method: 'POST', url: '/api/admin/session', payload: {}, headers: { origin: ORIGIN } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Secret key is required.' });
  });

  it('allows 5 failed attempts per minute per client, then 429 with Retry-After, even for the right key', async () => {
    const statuses = await Promise.all(Array.from({ length: 7 }, () => login(app, 'wrong', '10.0.0.2')));
    expect(statuses.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await login(app, SECRET, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The message says when, in the same seconds as Retry-After (decision 067).
    const seconds = Number(limited.headers['retry-after']);
    expect(limited.json()).toEqual({ error: `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.` });
    expect((await login(app, SECRET, '10.0.0.3')).statusCode).toBe(204);
  });

  it('cleans up expired sessions and old failed attempts on failed logins too', async () => {
    await database.db.query(`insert into admin_login_failures (client, failed_at) values ('old-client', now() - interval '2 hours')`);
    await database.db.query(`insert into admin_sessions (token_hash, expires_at) values ($1, now() - interval '1 second')`, ['a'.repeat(64)]);
    expect((await login(app, 'wrong', '10.0.0.9')).statusCode).toBe(401);
    const failures = await database.db.query<{ client: string }>('select client from admin_login_failures');
    expect(failures.map((row) => row.client)).not.toContain('old-client');
    expect(failures).toHaveLength(1);
    expect(await database.db.query('select token_hash from admin_sessions')).toEqual([]);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    for (let i = 0; i < 5; i += 1) await login(app, 'wrong', '10.0.0.4', { 'x-forwarded-for': `192.0.2.${i}` });
    expect((await login(app, SECRET, '10.0.0.4', { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
  });

  it('logs out on the server too', async () => {
    const headers = await adminHeaders(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/session', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers })).statusCode).toBe(401);
  });

  // The session's clocks are moved back in the database instead of waiting: the tests do not depend on timing.
  const ageSession = (columns: string, ms: number) =>
    database.db.query(`update admin_sessions set ${columns.split(',').map((c) => `${c} = ${c} - $1 * interval '1 millisecond'`).join(', ')}`, [ms]);
  const lastSeen = async () => (await database.db.query<{ last_seen_at: Date }>('select last_seen_at from admin_sessions'))[0]?.last_seen_at.getTime();

  it('checks the session in the database on every admin request: a deleted or truncated one ends at once', async () => {
    for (const end of ['delete from admin_sessions', 'truncate admin_sessions']) {
      const headers = await adminHeaders(app);
      const stats = () => app.inject({ method: 'GET', url: '/api/admin/stats', headers }).then((response) => response.statusCode);
      expect(await stats()).toBe(200);
      // As a logout on another instance, or a clean-up, does.
      await database.db.query(end);
      expect(await stats()).toBe(401);
    }
  });

  it('counts each admin request as activity', async () => {
    const headers = await adminHeaders(app);
    await ageSession('last_seen_at', IDLE_MS - 60_000);
    const before = await lastSeen();
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers })).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(before ?? Infinity);
    // Idle time counts from that request on: the session lives past the idle time of its login.
    await ageSession('last_seen_at', IDLE_MS - 60_000);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers })).statusCode).toBe(200);
  });

  it('expires a session after the idle time, and after the absolute time however busy', async () => {
    const idle = await adminHeaders(app);
    await ageSession('last_seen_at', IDLE_MS + 1000);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: idle })).statusCode).toBe(401);

    await database.db.query('delete from admin_sessions');
    const busy = await adminHeaders(app);
    // Requests all along (last_seen_at stays fresh); the absolute time has passed since the login.
    await ageSession('created_at,expires_at', ABSOLUTE_MS - 1000);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: busy })).statusCode).toBe(200);
    await ageSession('created_at,expires_at', 1001);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: busy })).statusCode).toBe(401);
  });

  it('does not count asking for the session status as activity', async () => {
    const headers = await adminHeaders(app);
    const status = () => app.inject({ method: 'GET', url: '/api/admin/session', headers }).then((response) => response.json<{ authenticated: boolean }>());
    await ageSession('last_seen_at', IDLE_MS - 60_000);
    const before = await lastSeen();
    for (let i = 0; i < 3; i += 1) expect((await status()).authenticated).toBe(true);
    expect(await lastSeen()).toBe(before);
    // So the idle time still runs out while a screen keeps asking.
    await ageSession('last_seen_at', 61_000);
    expect((await status()).authenticated).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers })).statusCode).toBe(401);
  });

  it('reports the dashboard counts', async () => {
    const headers = await adminHeaders(app);
    await app.inject({ method: 'POST', url: '/api/posts', headers, payload: { title: 't', excerpt: 'e', content: 'c' } });
    const stats = await app.inject({ method: 'GET', url: '/api/admin/stats', headers });
    expect(stats.json()).toEqual({ posts: 1, site_pages: 4, live_visitors: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });
});

describe('admin session behind an HTTPS proxy, and the generated key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  it('uses the __Host- cookie with Secure over HTTPS and trusts X-Forwarded-* only with trustProxy', async () => {
    const app = await testApp(database, { trustProxy: true });
    try {
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'grove.example', origin: 'https://grove.example' };
      const response = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { key: SECRET }, headers });
      expect(String(response.headers['set-cookie'])).toMatch(/^__Host-grove_admin_session=.*; Path=\/;.*HttpOnly; Secure; SameSite=Strict/);
      expect(response.headers['strict-transport-security']).toBeDefined();
      for (let i = 0; i < 5; i += 1) {
        await app.inject({ method: 'POST', url: '/api/admin/session', payload: { key: 'x' }, headers: { ...headers, 'x-forwarded-for': '198.51.100.7' } });
      }
      const limited = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { key: SECRET }, headers: { ...headers, 'x-forwarded-for': '198.51.100.7' } });
      expect(limited.statusCode).toBe(429);
      const other = await app.inject({ method: 'POST', url: '/api/admin/session', payload: { key: SECRET }, headers: { ...headers, 'x-forwarded-for': '198.51.100.8' } });
      expect(other.statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });

  it('generates a key when ADMIN_SECRET_KEY is unset, keeps it in DATA_DIR and prints it only once', async () => {
    const tmp = makeTempDir();
    const printed: string[] = [];
    const options = { db: database.db, dataDir: tmp.dir, print: (message: string) => printed.push(message) };
    const first = await buildApp(options);
    await first.close();
    const second = await buildApp(options);
    try {
      const file = path.join(tmp.dir, 'admin-secret-key');
      expect(existsSync(file)).toBe(true);
      const key = readFileSync(file, 'utf8').trim();
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(key);
      expect((await login(second, key, '10.9.9.9')).statusCode).toBe(204);
    } finally {
      await second.close();
      tmp.remove();
    }
  });
});

import { existsSync, mkdirSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { buildApp, MISSING_SHARED_KEY_MESSAGE } from '../src/app.ts';
import { SECRET_KEY_FILE, SHORT_KEY_MESSAGE } from '../src/modules/admin-session/secret-key.ts';
import { adminHeaders, ENGINES, openTestDatabase, ORIGIN, resetContent, SECRET, testApp, type TestDatabase } from './helpers/test-app.ts';
import { copyPgliteTemplate } from './helpers/database-templates.ts';
import { makeTempDir } from './helpers/temp-dir.ts';
import { connect } from './helpers/ws-client.ts';

const PROXY = '127.0.0.1';

describe.each(ENGINES)('review fixes on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let proxied: FastifyInstance;

  let address: string;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    app = await testApp(database);
    proxied = await testApp(database, { trustProxy: true });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await proxied.close();
    await app.close();
    await database.close();
  });
  beforeEach(() => resetContent(database.db));

  const login = (target: FastifyInstance, forwardedFor: string, key = 'wrong') => target.inject({
    method: 'POST', url: '/api/admin/session', payload: { key }, remoteAddress: PROXY,
    headers: { origin: ORIGIN, 'x-forwarded-for': forwardedFor },
  });

  it('TRUST_PROXY trusts one hop: a client-written left-most X-Forwarded-For entry cannot dodge the login limit', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(proxied, `spoofed-${i}, 198.51.100.7`)).statusCode).toBe(401);
    const limited = await login(proxied, 'spoofed-again, 198.51.100.7', SECRET);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(proxied, 'spoofed-0, 198.51.100.8', SECRET)).statusCode).toBe(204);
  });

  it('limits a client whose address is longer than any column, instead of failing open with a 400', async () => {
    const long = `${'a'.repeat(150)}:${'b'.repeat(149)}`;
    expect(long.length).toBe(300);
    for (let i = 0; i < 5; i += 1) expect((await login(proxied, long)).statusCode).toBe(401);
    expect((await login(proxied, long, SECRET)).statusCode).toBe(429);
  });

  it('counts one IPv6 /64 as one client', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(proxied, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
    expect((await login(proxied, '2001:db8:1:2:ffff::9', SECRET)).statusCode).toBe(429);
  });

  it('fails closed: a limiter that cannot reach its table refuses logins and counts them as failures', async () => {
    const direct = (key: string) => app.inject({
      method: 'POST', url: '/api/admin/session', payload: { key }, remoteAddress: '192.0.2.50', headers: { origin: ORIGIN },
    });
    await database.db.query('alter table admin_login_failures rename to admin_login_failures_away');
    try {
      for (let i = 0; i < 5; i += 1) expect((await direct(SECRET)).statusCode).toBe(503);
    } finally {
      await database.db.query('alter table admin_login_failures_away rename to admin_login_failures');
    }
    expect((await direct(SECRET)).statusCode).toBe(429);
  });

  // Advisory locks across connections exist on PostgreSQL only (PGlite is one connection): registered there only.
  if (engine === 'postgres') it('answers 429 at once, holding no pooled connection, while another instance checks the same client', async () => {
    const { clientKey } = await import('../src/http/client-key.ts');
    await database.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`grove-login:${clientKey('192.0.2.60')}`]);
      const response = await app.inject({
        method: 'POST', url: '/api/admin/session', payload: { key: SECRET }, remoteAddress: '192.0.2.60', headers: { origin: ORIGIN },
      });
      expect(response.statusCode).toBe(429);
    });
  });

  it('rejects NUL characters in post and page text with a 400, never a 500', async () => {
    const admin = await adminHeaders(app);
    const base = { title: 'T', excerpt: 'E', content: '<p>C</p>' };
    for (const bad of [{ title: 'a\u0000b' }, { excerpt: '\u0000' }, { content: '<p>x\u0000</p>' }, { tags: ['ok', 'b\u0000d'] }]) {
      const response = await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: { ...base, ...bad } });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/not allowed/);
    }
    const page = await app.inject({ method: 'PATCH', url: '/api/site-content/about', headers: admin, payload: { content: 'a\u0000' } });
    expect(page.statusCode).toBe(400);
  });

  it('checks the content length after sanitising, with the clear message', async () => {
    const admin = await adminHeaders(app);
    // 100,000 characters in, 500,000 after escaping each & to &amp;.
    const content = '&'.repeat(100_000);
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: { title: 'T', excerpt: 'E', content } });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ error: string }>().error).toMatch(/^Content must be at most 200000 characters/);
    const page = await app.inject({ method: 'PATCH', url: '/api/site-content/about', headers: admin, payload: { content } });
    expect(page.statusCode).toBe(400);
    expect(page.json<{ error: string }>().error).toMatch(/^Content must be at most 200000 characters/);
  });

  /** One raw HTTP/1.1 exchange over TCP, so the request line can be written as a client may write it. */
  const raw = (request: string) => new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(address);
    const socket = connectTcp(Number(port), hostname, () => socket.end(request));
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
    socket.on('end', () => resolve(response));
    socket.on('error', reject);
  });

  it('checks the Origin of a write sent with an absolute-form request line', async () => {
    const { cookie } = await adminHeaders(app);
    const body = JSON.stringify({ title: 'Forged', excerpt: 'E', content: '<p>c</p>' });
    const response = await raw([
      `POST ${address}/api/posts HTTP/1.1`, `Host: ${new URL(address).host}`, 'Origin: http://evil.example', `Cookie: ${cookie}`,
      'Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body,
    ].join('\r\n'));
    expect(response).toMatch(/^HTTP\/1\.1 403 /);
    expect(response).toContain('{"error":"Cross-site request refused."}');
    const [row] = await database.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(row?.n).toBe(0);
  });

  it('answers the router\'s own errors in the API\'s shape, with the security headers', async () => {
    const badUrl = await app.inject({ method: 'GET', url: '/api/posts/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: 'The address is not valid.' });
    expect(badUrl.headers['content-security-policy']).toContain(`default-src 'self'`);
    expect(badUrl.headers['x-content-type-options']).toBe('nosniff');
    // Longer than any parameter the router takes (200 characters, the longest stored image name).
    const long = await app.inject({ method: 'GET', url: `/api/site-content/${'a'.repeat(250)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'The address is too long.' });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
  });

  it('drops __proto__ and constructor.prototype keys like any unknown key, polluting nothing', async () => {
    const admin = await adminHeaders(app);
    const headers = { ...admin, 'content-type': 'application/json' };
    const payloads = [
      '{"title":"T","excerpt":"E","content":"<p>c</p>","__proto__":{"polluted":1,"tags":["x"]}}',
      '{"title":"T","excerpt":"E","content":"<p>c</p>","constructor":{"prototype":{"polluted":1}}}',
    ];
    for (const payload of payloads) {
      const response = await app.inject({ method: 'POST', url: '/api/posts', headers, payload });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ title: 'T', tags: [] });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const missing = await app.inject({ method: 'POST', url: '/api/posts', headers, payload: '{"__proto__":{"title":"T"}}' });
    expect(missing.statusCode).toBe(400);
    const broken = await app.inject({ method: 'POST', url: '/api/posts', headers, payload: '{"title":' });
    expect(broken.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('never copies the Host header into the Content-Security-Policy', async () => {
    const evil = 'evil.example; script-src *';
    for (const url of ['/api/posts', '/api/posts', '/api/health']) {
      const response = await app.inject({ method: 'GET', url, headers: { host: evil } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).not.toContain('evil');
      expect(csp).toContain(`connect-src 'self';`);
    }
  });

  it('delivers small changes from the NOTIFY payload and large ones through change_events', async () => {
    const admin = await adminHeaders(app);
    const socket = await connect(`${address.replace('http', 'ws')}/api/realtime`, { origin: address });
    try {
      socket.send({ type: 'subscribe', topic: 'blog_posts' });
      await socket.next((m) => m.type === 'subscribed');
      const big = `<p>${'x'.repeat(20_000)}</p>`;
      for (const [title, content] of [['Small change', '<p>small</p>'], ['Large change', big]] as const) {
        const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: { title, excerpt: 'E', content } });
        expect(created.statusCode).toBe(201);
        // By its title: the NOTIFY of an earlier test's write can still be on its way on a busy machine.
        const change = await socket.next((m) => m.type === 'change' && (m as { new?: { title?: string } }).new?.title === title);
        expect(change).toMatchObject({ event: 'INSERT', new: { content, author: { full_name: 'Grove Team' } } });
      }
    } finally {
      socket.close();
    }
  });

  it('drops the public cache on the NOTIFY itself, and treats an unreadable change event as a gap', async () => {
    expect((await app.inject('/api/posts')).json()).toEqual([]);
    // A row written without its change event (triggers off), then a NOTIFY naming an event that does not exist.
    await database.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`insert into blog_posts (title, content, excerpt) values ('Quiet', '<p>c</p>', 'e')`);
    });
    const socket = await connect(`${address.replace('http', 'ws')}/api/realtime`, { origin: address });
    try {
      await database.db.query(`select pg_notify('grove_changes', '999999999')`);
      await socket.next((m) => m.type === 'resync');
      const posts = (await app.inject('/api/posts')).json<Array<{ title: string }>>();
      expect(posts.map((p) => p.title)).toEqual(['Quiet']);
    } finally {
      socket.close();
    }
  });
});

describe('start-up', () => {
  it('refuses DATABASE_URL without ADMIN_SECRET_KEY, before connecting', async () => {
    await expect(buildApp({ databaseUrl: 'postgres://127.0.0.1:1/none', print: () => {} })).rejects.toThrow(MISSING_SHARED_KEY_MESSAGE);
    expect(MISSING_SHARED_KEY_MESSAGE).toMatch(/^ADMIN_SECRET_KEY must be set when DATABASE_URL is set/);
  });

  it('refuses a chosen ADMIN_SECRET_KEY shorter than 16 characters, before connecting', async () => {
    const start = (adminSecretKey: string) => buildApp({ databaseUrl: 'postgres://127.0.0.1:1/none', adminSecretKey, print: () => {} });
    await expect(start('  fifteen-chars-k  ')).rejects.toThrow(SHORT_KEY_MESSAGE);
    // Sixteen characters pass the check: start-up goes on to the (unreachable) database and fails there instead.
    await expect(start('sixteen-chars-ok')).rejects.not.toThrow(SHORT_KEY_MESSAGE);
  });

  it('closes the database and releases the DATA_DIR lock when start-up fails after opening it', async () => {
    const tmp = makeTempDir();
    copyPgliteTemplate(inject('pgliteTemplate'), tmp.dir);
    try {
      // A directory where the generated key file should be: resolving the key fails after the database opened.
      mkdirSync(path.join(tmp.dir, SECRET_KEY_FILE));
      await expect(buildApp({ dataDir: tmp.dir, print: () => {} })).rejects.toThrow();
      expect(existsSync(path.join(tmp.dir, 'grove-server.lock'))).toBe(false);
    } finally {
      tmp.remove();
    }
  }, 60_000);
});

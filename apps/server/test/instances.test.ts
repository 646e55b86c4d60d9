import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDatabase, type TempDatabase } from './helpers/pg-database.ts';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process.ts';
import { makeTempDir } from './helpers/temp-dir.ts';
import { connect } from './helpers/ws-client.ts';

const KEY = 'two-instance-secret-key';

describe('two server processes against one PostgreSQL', () => {
  let database: TempDatabase;
  const servers: ServerProcess[] = [];
  const urls: string[] = [];
  const tmp = makeTempDir();

  beforeAll(async () => {
    database = await createTempDatabase();
    // Started together on an empty database: migrations race, the advisory lock makes them take turns.
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      servers.push(startServer({ PORT: String(port), DATABASE_URL: database.url, ADMIN_SECRET_KEY: KEY, DATA_DIR: `${tmp.dir}/${i}` }));
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url) => waitForHealth(url)));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    tmp.remove();
  });

  it('behaves as one: a post made on A reaches a subscriber on B, and presence counts both', async () => {
    const [a, b] = urls as [string, string];
    const login = await fetch(`${a}/api/admin/session`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: a }, body: JSON.stringify({ key: KEY }),
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const subscriber = await connect(`${b.replace('http', 'ws')}/api/realtime`, { origin: b });
    subscriber.send({ type: 'subscribe', topic: 'blog_posts' });
    await subscriber.next((m) => m.type === 'subscribed');
    // The session made on A is valid on B too (sessions live in the database).
    const adminOnB = await connect(`${b.replace('http', 'ws')}/api/realtime`, { origin: b, cookie });
    adminOnB.send({ type: 'subscribe', topic: 'presence' });
    await adminOnB.next((m) => m.type === 'presence');

    // B caches its (empty) list first, so B's answer below proves A's write invalidated B's cache.
    expect(await (await fetch(`${b}/api/posts`)).json()).toEqual([]);
    expect(await (await fetch(`${b}/api/posts`)).json()).toEqual([]);
    const created = await fetch(`${a}/api/posts`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: a, cookie },
      body: JSON.stringify({ title: 'Across instances', excerpt: 'e', content: '<p>c</p>' }),
    });
    expect(created.status).toBe(201);
    expect(await subscriber.next((m) => m.type === 'change')).toMatchObject({ event: 'INSERT', new: { title: 'Across instances' } });
    await expect.poll(async () => ((await (await fetch(`${b}/api/posts`)).json()) as unknown[]).length).toBe(1);

    const onA = await connect(`${a.replace('http', 'ws')}/api/realtime`, { origin: a });
    const onB = await connect(`${b.replace('http', 'ws')}/api/realtime`, { origin: b });
    const onlineAt = new Date().toISOString();
    onA.send({ type: 'presence.join', visitorId: 'visitor-a', onlineAt });
    onB.send({ type: 'presence.join', visitorId: 'visitor-b', onlineAt });
    await adminOnB.next((m) => m.type === 'presence' && m.count === 2);
    const stats = await fetch(`${a}/api/admin/stats`, { headers: { cookie } });
    expect(await stats.json()).toMatchObject({ live_visitors: 2, posts: 1, site_pages: 4 });
    for (const socket of [subscriber, adminOnB, onA, onB]) socket.close();
  });

  it('ends on B at once a session logged out on A', async () => {
    const [a, b] = urls as [string, string];
    const login = await fetch(`${a}/api/admin/session`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: a }, body: JSON.stringify({ key: KEY }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const statsOnB = async () => (await fetch(`${b}/api/admin/stats`, { headers: { cookie } })).status;
    expect(await statsOnB()).toBe(200);
    // Admin sockets of that session on both instances, receiving visitor counts.
    const sockets = await Promise.all([a, b].map((url) => connect(`${url.replace('http', 'ws')}/api/realtime`, { origin: url, cookie })));
    for (const socket of sockets) {
      socket.send({ type: 'subscribe', topic: 'presence' });
      await socket.next((m) => m.type === 'presence');
    }
    expect((await fetch(`${a}/api/admin/session`, { method: 'DELETE', headers: { cookie, origin: a } })).status).toBe(204);
    // B asks the database on every admin request.
    expect(await statsOnB()).toBe(401);
    // Both sockets close (NOTIFY, decision 067; that it is at once, not at a heartbeat, realtime-limits.test.ts shows).
    expect(await Promise.all(sockets.map((socket) => socket.closed))).toEqual([4001, 4001]);
  });
});

describe('one PGlite DATA_DIR, two processes', () => {
  it('refuses the second server with a clear message', async () => {
    const dir = makeTempDir();
    const ports = [await freePort(), await freePort()];
    const first = startServer({ PORT: String(ports[0]), DATA_DIR: dir.dir, ADMIN_SECRET_KEY: KEY });
    try {
      await waitForHealth(`http://127.0.0.1:${ports[0]}`);
      const second = startServer({ PORT: String(ports[1]), DATA_DIR: dir.dir, ADMIN_SECRET_KEY: KEY });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/Grove cannot start: DATA_DIR .* is in use by another Grove server \(pid \d+\)/);
    } finally {
      await first.stop();
      dir.remove();
    }
  }, 180_000);
});

describe('LOG_LEVEL', () => {
  it('refuses an unknown level with a clear message, and honours a known one', async () => {
    const dir = makeTempDir();
    try {
      const wrong = startServer({ PORT: String(await freePort()), DATA_DIR: dir.dir, ADMIN_SECRET_KEY: KEY, LOG_LEVEL: 'loud' });
      expect(await wrong.exited).toBe(1);
      expect(wrong.output()).toContain('Grove cannot start: LOG_LEVEL must be silent or one of fatal, error, warn, info, debug, trace (it is "loud").');

      const port = await freePort();
      const quiet = startServer({ PORT: String(port), DATA_DIR: dir.dir, ADMIN_SECRET_KEY: KEY, LOG_LEVEL: 'WARN' });
      try {
        await waitForHealth(`http://127.0.0.1:${port}`);
        expect((await fetch(`http://127.0.0.1:${port}/api/site-content/nope`)).status).toBe(404);
      } finally {
        await quiet.stop();
      }
      // At warn, neither requests nor the start-up lines are logged.
      expect(quiet.output()).not.toMatch(/incoming request|request completed|Server listening/);
      // Nor does start-up print a process warning (a framework deprecation, for one).
      expect(quiet.output()).not.toMatch(/Warning/);
    } finally {
      dir.remove();
    }
  }, 180_000);
});

describe('TRUST_PROXY', () => {
  it('refuses a /0 range with one line naming the variable, never a stack', async () => {
    const dir = makeTempDir();
    try {
      for (const range of ['0.0.0.0/0', '::/0', '1.2.3.4/0']) {
        const server = startServer({ PORT: String(await freePort()), DATA_DIR: dir.dir, ADMIN_SECRET_KEY: KEY, TRUST_PROXY: range });
        expect(await server.exited, range).toBe(1);
        const lines = server.output().trim().split('\n');
        expect(lines, range).toEqual([
          `Grove cannot start: TRUST_PROXY must not trust every address ("${range}" is a /0 range): name the proxies' addresses or give a hop count.`,
        ]);
      }
    } finally {
      dir.remove();
    }
  }, 180_000);
});

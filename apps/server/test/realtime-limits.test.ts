import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VISITORS_PER_CLIENT } from '../src/realtime/limits.ts';
import { adminHeaders, ENGINES, openTestDatabase, testApp, type TestDatabase } from './helpers/test-app.ts';
import { connect, type TestSocket } from './helpers/ws-client.ts';

/** A heartbeat clock that never moves: no socket is pinged, or dropped for a late answer, in these tests. */
const NO_HEARTBEAT = { now: () => 0 };

describe.each(ENGINES)('realtime limits and presence on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let origin: string;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // Many sockets and visitors from 127.0.0.1; the per-address caps have tests of their own below.
    app = await testApp(database, {
      realtimeLimits: { maxConnectionsPerClient: 300, maxConnections: 400, maxVisitorsPerClient: 300 }, heartbeat: NO_HEARTBEAT,
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    base = `${origin.replace('http', 'ws')}/api/realtime`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const liveVisitors = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).json<{ live_visitors: number }>().live_visitors;

  it('caps the topics of one connection', async () => {
    const socket = await connect(base, { origin });
    try {
      for (let i = 0; i < 64; i += 1) socket.send({ type: 'subscribe', topic: `blog_posts:${randomUUID()}` });
      for (let i = 0; i < 64; i += 1) await socket.next((m) => m.type === 'subscribed');
      socket.send({ type: 'subscribe', topic: 'blog_posts' });
      expect(await socket.next((m) => m.type === 'error')).toMatchObject({ message: 'At most 64 topics per connection.', topic: 'blog_posts' });
    } finally {
      socket.close();
    }
  });

  it('closes a connection that floods messages with 1008', async () => {
    const socket = await connect(base, { origin });
    for (let i = 0; i < 500; i += 1) socket.send({ type: 'pong' });
    expect(await socket.closed).toBe(1008);
  });

  it('accepts one visitor per connection and never counts an admin connection', async () => {
    const cookie = (await adminHeaders(app)).cookie ?? '';
    const adminSocket = await connect(base, { origin, cookie });
    const visitor = await connect(base, { origin });
    try {
      adminSocket.send({ type: 'subscribe', topic: 'presence' });
      await adminSocket.next((m) => m.type === 'presence');
      adminSocket.send({ type: 'presence.join', visitorId: 'the-admin', onlineAt: new Date().toISOString() });
      visitor.send({ type: 'presence.join', visitorId: 'visitor-1', onlineAt: new Date().toISOString() });
      visitor.send({ type: 'presence.join', visitorId: 'visitor-2', onlineAt: new Date().toISOString() });
      const refused = await visitor.next<{ type: 'error'; message: string }>((m) => m.type === 'error');
      expect(refused.message).toMatch(/already joined/);
      await adminSocket.next((m) => m.type === 'presence' && m.count === 1);
      // The refused join wrote nothing (it was refused before any query), so the count is final.
      expect(await liveVisitors(cookie)).toBe(1);
      // After a leave the connection may join again, as another visitor.
      visitor.send({ type: 'presence.leave' });
      await expect.poll(() => liveVisitors(cookie)).toBe(0);
      visitor.send({ type: 'presence.join', visitorId: 'visitor-2', onlineAt: new Date().toISOString() });
      await expect.poll(() => liveVisitors(cookie)).toBe(1);
      expect(visitor.messages.filter((m) => m.type === 'error')).toEqual([]);
      // PostgreSQL has no year 0: such a join is refused before it reaches the database.
      const other = await connect(base, { origin });
      other.send({ type: 'presence.join', visitorId: 'visitor-3', onlineAt: '0000-06-01T00:00:00Z' });
      expect((await other.next<{ type: 'error'; message: string }>((m) => m.type === 'error')).message).toBe('Unknown message or topic.');
      other.close();
    } finally {
      adminSocket.close();
      visitor.close();
    }
    await expect.poll(() => liveVisitors(cookie)).toBe(0);
  });

  it('caps connections per client address', async () => {
    const limited = await testApp(database, { realtimeLimits: { maxConnectionsPerClient: 2 }, heartbeat: NO_HEARTBEAT });
    const address = await limited.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/realtime`;
    const sockets: TestSocket[] = [];
    try {
      sockets.push(await connect(url, { origin: address }), await connect(url, { origin: address }));
      const third = await connect(url, { origin: address });
      sockets.push(third);
      expect(await third.closed).toBe(1013);
      sockets[0]?.close();
      await sockets[0]?.closed;
      // Until the server has seen the close, a new socket is refused; an accepted one answers a subscribe.
      await expect.poll(async () => {
        const again = await connect(url, { origin: address });
        sockets.push(again);
        again.send({ type: 'subscribe', topic: 'blog_posts' });
        return Promise.race([again.closed.then((code) => `closed ${code}`), again.next((m) => m.type === 'subscribed').then(() => 'open')]);
      }).toBe('open');
    } finally {
      for (const socket of sockets) socket.close();
      await limited.close();
    }
  });

  it(`counts at most ${MAX_VISITORS_PER_CLIENT} visitors per client address and refuses the joins of more`, async () => {
    // Behind one proxy hop, so the sockets can come from several client addresses (X-Forwarded-For).
    const capped = await testApp(database, { heartbeat: NO_HEARTBEAT, trustProxy: 1 });
    const address = await capped.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/api/realtime`;
    const cookie = (await adminHeaders(capped)).cookie ?? '';
    const sockets: TestSocket[] = [];
    const open = async (client = '203.0.113.7') => {
      const socket = await connect(url, { origin: address, 'x-forwarded-for': client });
      sockets.push(socket);
      return socket;
    };
    // Joins, then a round trip: an answer to the join (an error) comes before the answer to the subscribe.
    const join = async (socket: TestSocket, visitorId: string) => {
      socket.send({ type: 'presence.join', visitorId, onlineAt: new Date().toISOString() });
      socket.send({ type: 'subscribe', topic: 'blog_posts' });
      await socket.next((m) => m.type === 'subscribed');
      const errors = socket.messages.filter((m) => m.type === 'error');
      socket.messages.splice(0, socket.messages.length, ...socket.messages.filter((m) => m.type !== 'error'));
      return errors;
    };
    const adminCount = async () => (await capped.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } }))
      .json<{ live_visitors: number }>().live_visitors;
    try {
      const admin = await connect(url, { origin: address, cookie });
      sockets.push(admin);
      admin.send({ type: 'subscribe', topic: 'presence' });
      await admin.next((m) => m.type === 'presence');
      const allowed = await Promise.all(Array.from({ length: MAX_VISITORS_PER_CLIENT }, () => open()));
      for (const [i, socket] of allowed.entries()) expect(await join(socket, `visitor-${i}`)).toEqual([]);
      // One more visitor from the address is refused; the socket stays open for its subscriptions.
      const extra = await open();
      expect(await join(extra, 'visitor-extra')).toEqual([
        { type: 'error', message: `At most ${MAX_VISITORS_PER_CLIENT} visitors per address are counted.` },
      ]);
      expect(extra.socket.readyState).toBe(extra.socket.OPEN);
      // Another tab of a counted visitor is no new visitor; another address has places of its own.
      expect(await join(await open(), 'visitor-0')).toEqual([]);
      expect(await join(await open('203.0.113.8'), 'visitor-elsewhere')).toEqual([]);
      await admin.next((m) => m.type === 'presence' && m.count === MAX_VISITORS_PER_CLIENT + 1, 20_000);
      expect(await adminCount()).toBe(MAX_VISITORS_PER_CLIENT + 1);

      // A visitor who leaves frees its place (once its last socket is gone). Counts pushed so far are dropped
      // so only a new push can match.
      admin.messages.splice(0);
      allowed[1]?.close();
      await admin.next((m) => m.type === 'presence' && m.count === MAX_VISITORS_PER_CLIENT, 20_000);
      expect(await join(extra, 'visitor-extra')).toEqual([]);
      await admin.next((m) => m.type === 'presence' && m.count === MAX_VISITORS_PER_CLIENT + 1, 20_000);
      expect(await join(await open(), 'visitor-one-too-many')).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.close();
      await capped.close();
    }
  });

  it('returns to zero visitors after 200 sockets join and leave, or join and drop at once', async () => {
    const cookie = (await adminHeaders(app)).cookie ?? '';
    const onlineAt = new Date().toISOString();
    const sockets = await Promise.all(Array.from({ length: 200 }, () => connect(base, { origin })));
    sockets.forEach((socket, i) => {
      socket.send({ type: 'presence.join', visitorId: `v-${i}`, onlineAt });
      if (i % 2 === 0) socket.send({ type: 'presence.leave' });
      else socket.socket.terminate();
    });
    for (const socket of sockets) socket.close();
    await Promise.all(sockets.map((socket) => socket.closed));
    // Every close handler has run once the server tracks no socket of ours (the test's admin used HTTP only).
    await expect.poll(() => app.websocketServer.clients.size).toBe(0);
    await expect.poll(() => liveVisitors(cookie)).toBe(0);
    expect(await liveVisitors(cookie)).toBe(0);
  });
});

describe.each(ENGINES)('an admin socket after its session ends, on %s', (engine) => {
  it('is closed with 4001 at once when the admin logs out, at the next heartbeat when its session ends otherwise; a visitor socket is not', async () => {
    const database = await openTestDatabase(engine);
    // The heartbeat's clock moves only by hand; answers are never late.
    let clock = 1_000_000;
    const heartbeat = { intervalMs: 1000, timeoutMs: 3_600_000, now: () => clock };
    const app = await testApp(database, { heartbeat });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${origin.replace('http', 'ws')}/api/realtime`;
    try {
      const headers = await adminHeaders(app);
      const adminSocket = await connect(url, { origin, cookie: headers.cookie ?? '' });
      const visitor = await connect(url, { origin });
      adminSocket.send({ type: 'subscribe', topic: 'presence' });
      await adminSocket.next((m) => m.type === 'presence');
      // A heartbeat while the session lives re-checks it and changes nothing.
      clock += heartbeat.intervalMs;
      await adminSocket.next((m) => m.type === 'ping');
      await visitor.next((m) => m.type === 'ping');
      adminSocket.send({ type: 'subscribe', topic: 'blog_posts' });
      await adminSocket.next((m) => m.type === 'subscribed');

      // A second admin socket, of another session, which ends without a logout (deleted by hand).
      const other = await adminHeaders(app, '127.0.0.2');
      const otherSocket = await connect(url, { origin, cookie: other.cookie ?? '' });
      otherSocket.send({ type: 'subscribe', topic: 'presence' });
      await otherSocket.next((m) => m.type === 'presence');

      const logout = await app.inject({ method: 'DELETE', url: '/api/admin/session', headers });
      expect(logout.statusCode).toBe(204);
      // The clock has not moved: the logout's NOTIFY closed it, not a heartbeat (decision 067).
      expect(await adminSocket.closed).toBe(4001);
      expect(otherSocket.socket.readyState).toBe(otherSocket.socket.OPEN);
      await database.db.query('delete from admin_sessions');
      // The next heartbeat (the server pings a socket once it has its answer to the last ping).
      clock += heartbeat.intervalMs;
      expect(await otherSocket.closed).toBe(4001);
      visitor.send({ type: 'subscribe', topic: 'blog_posts' });
      await visitor.next((m) => m.type === 'subscribed');
      expect(visitor.socket.readyState).toBe(visitor.socket.OPEN);
      visitor.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('an admin socket on another instance', () => {
  it('is closed with 4001 at once when the admin logs out on the first, with neither heartbeat moving', async () => {
    const database = await openTestDatabase('postgres');
    // Two instances on one PostgreSQL; their heartbeat clocks never move, so only the logout's NOTIFY can close.
    const heartbeat = { intervalMs: 1000, timeoutMs: 3_600_000, now: () => 1_000_000 };
    const a = await testApp(database, { heartbeat });
    const b = await testApp(database, { heartbeat });
    try {
      const origin = await b.listen({ port: 0, host: '127.0.0.1' });
      const headers = await adminHeaders(a);
      const onB = await connect(`${origin.replace('http', 'ws')}/api/realtime`, { origin, cookie: headers.cookie ?? '' });
      onB.send({ type: 'subscribe', topic: 'presence' });
      await onB.next((m) => m.type === 'presence');
      expect((await a.inject({ method: 'DELETE', url: '/api/admin/session', headers })).statusCode).toBe(204);
      expect(await onB.closed).toBe(4001);
    } finally {
      await b.close();
      await a.close();
      await database.close();
    }
  });
});

import type { ChangeMessage, ServerMessage } from '@grove/domain/realtime/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, ENGINES, openTestDatabase, resetContent, testApp, type TestDatabase } from './helpers/test-app.ts';
import { connect, type TestSocket } from './helpers/ws-client.ts';

const post = { title: 'Live', excerpt: 'e', content: '<p>c</p>' };
const is = (type: string, topic?: string) => (m: ServerMessage) => m.type === type && (topic === undefined || ('topic' in m && m.topic === topic));

/** The heartbeat's clock, moved by hand: pings and their deadlines happen only when a test moves it. */
let clock = 1_000_000;
const HEARTBEAT = { intervalMs: 1000, timeoutMs: 2000, now: () => clock };

describe.each(ENGINES)('realtime on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let origin: string;
  let admin: Record<string, string>;
  const sockets: TestSocket[] = [];

  const open = async (headers: Record<string, string> = { origin }) => {
    const socket = await connect(`${base}/api/realtime`, headers);
    sockets.push(socket);
    return socket;
  };
  const subscribe = async (socket: TestSocket, topic: string) => {
    socket.send({ type: 'subscribe', topic });
    await socket.next(is('subscribed', topic));
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    // Rows expire only when a test ages them (the TTL is the default 45 s); refreshes and sweeps run often.
    app = await testApp(database, { presenceTiming: { refreshMs: 100 }, heartbeat: HEARTBEAT });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http', 'ws');
    origin = address;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    // Each test starts with no socket and no visitor left over from the one before: the server has run every
    // close handler once it tracks no socket, and their leaves have landed once the table is empty.
    await expect.poll(() => app.websocketServer.clients.size).toBe(0);
    await expect.poll(async () => (await database.db.query('select 1 from presence')).length).toBe(0);
    await resetContent(database.db);
    const cookieHeaders = await adminHeaders(app);
    admin = { ...cookieHeaders, origin };
  });

  const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...admin, host: new URL(origin).host }, payload });

  it('delivers every blog_posts change with its new and old rows', async () => {
    const socket = await open();
    await subscribe(socket, 'blog_posts');
    const { id } = (await api('POST', '/api/posts', post)).json<{ id: string }>();
    const inserted = await socket.next<ChangeMessage>(is('change'));
    expect(inserted).toMatchObject({ table: 'blog_posts', event: 'INSERT', new: { id, title: 'Live', author: { full_name: 'Grove Team' } }, old: null });
    await api('PATCH', `/api/posts/${id}`, { title: 'Edited' });
    expect(await socket.next(is('change'))).toMatchObject({ event: 'UPDATE', new: { title: 'Edited' }, old: { title: 'Live' } });
    await api('DELETE', `/api/posts/${id}`);
    expect(await socket.next(is('change'))).toMatchObject({ event: 'DELETE', new: null, old: { id } });
  });

  it('delivers updates of one post to its topic only, including edits made directly in SQL', async () => {
    const a = (await api('POST', '/api/posts', post)).json<{ id: string }>().id;
    const b = (await api('POST', '/api/posts', post)).json<{ id: string }>().id;
    const socket = await open();
    await subscribe(socket, `blog_posts:${a}`);
    await api('PATCH', `/api/posts/${b}`, { title: 'Other' });
    await database.db.query(`update blog_posts set title = 'From SQL<script>x</script>', content = '<p onclick="x()">hi</p>' where id = $1`, [a]);
    const message = await socket.next<ChangeMessage>(is('change'));
    expect(message).toMatchObject({ topic: `blog_posts:${a}`, event: 'UPDATE', new: { id: a, content: '<p>hi</p>' } });
    expect(socket.messages.filter(is('change'))).toHaveLength(0);
  });

  it('delivers updates of one static page by slug', async () => {
    const socket = await open();
    await subscribe(socket, 'site_content:privacy');
    await api('PATCH', '/api/site-content/about', { content: '<p>About</p>' });
    await api('PATCH', '/api/site-content/privacy', { content: '<p>Private</p>' });
    expect(await socket.next(is('change'))).toMatchObject({ table: 'site_content', new: { slug: 'privacy', content: '<p>Private</p>' } });
  });

  it('refuses unknown topics and presence for non-admins, naming the refused topic', async () => {
    const socket = await open();
    socket.send({ type: 'subscribe', topic: 'profiles' });
    expect(await socket.next(is('error'))).toEqual({ type: 'error', message: 'Unknown message or topic.', topic: 'profiles' });
    socket.send({ type: 'subscribe', topic: 'presence' });
    expect(await socket.next(is('error'))).toEqual({ type: 'error', message: 'Admin session required for presence.', topic: 'presence' });
    socket.send({ type: 'subscribe', topic: `site_content:${'x'.repeat(250)}` });
    expect(await socket.next(is('error'))).toEqual({ type: 'error', message: 'Unknown message or topic.' });
    socket.send({ type: 'presence.join', visitorId: '' });
    expect(await socket.next(is('error'))).toEqual({ type: 'error', message: 'Unknown message or topic.' });
    socket.socket.send('not json');
    expect(await socket.next(is('error'))).toEqual({ type: 'error', message: 'Messages must be JSON.' });
  });

  it('refuses a WebSocket from another origin', async () => {
    await expect(connect(`${base}/api/realtime`, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('counts distinct visitors for the admin, excluding the admin listener, and expires a crashed instance', async () => {
    const adminSocket = await open({ origin, cookie: admin.cookie ?? '' });
    // The count the admin sees is the last one pushed: a push comes only when the count changes, and an earlier
    // count still buffered (the joins below can push 1 before 2) must not stand for a later change.
    let shown: number | undefined;
    adminSocket.socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { type: string; count?: number };
      if (message.type === 'presence') shown = message.count;
    });
    await subscribe(adminSocket, 'presence');
    expect(await adminSocket.next(is('presence'))).toEqual({ type: 'presence', count: 0 });
    const v1 = await open();
    const v1Tab2 = await open();
    const v2 = await open();
    const now = new Date().toISOString();
    v1.send({ type: 'presence.join', visitorId: 'visitor-1', onlineAt: now });
    v1Tab2.send({ type: 'presence.join', visitorId: 'visitor-1', onlineAt: now });
    v2.send({ type: 'presence.join', visitorId: 'visitor-2', onlineAt: now });
    await expect.poll(() => shown).toBe(2);
    const stats = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin });
    expect(stats.json()).toMatchObject({ live_visitors: 2 });
    v2.close();
    await expect.poll(() => shown).toBe(1);
    // A visitor on an instance that died: its row is never refreshed and is swept once older than the TTL.
    await database.db.query(`insert into presence (instance_id, connection_id, visitor_id, online_at)
      values ('00000000-0000-4000-8000-0000000000aa', 'c1', 'ghost', now())`);
    await expect.poll(() => shown).toBe(2);
    // Instead of waiting out the TTL, the row is made older than it; the next sweep removes it.
    await database.db.query(`update presence set last_seen = now() - interval '1 hour' where visitor_id = 'ghost'`);
    await expect.poll(() => shown).toBe(1);
    // The count leaves a row past the TTL out at once; the sweep that deletes it may come just after.
    await expect.poll(() => database.db.query('select visitor_id from presence where visitor_id = $1', ['ghost'])).toEqual([]);
  });

  it('writes a live visitor again after another instance swept its row during a stall', async () => {
    const adminSocket = await open({ origin, cookie: admin.cookie ?? '' });
    await subscribe(adminSocket, 'presence');
    const visitor = await open();
    // Another visitor stays all along: its row's refresh time shows when refreshes have run.
    const keeper = await open();
    const onlineAt = new Date().toISOString();
    visitor.send({ type: 'presence.join', visitorId: 'visitor-stalled', onlineAt });
    keeper.send({ type: 'presence.join', visitorId: 'visitor-keeper', onlineAt });
    await adminSocket.next((m) => m.type === 'presence' && m.count === 2);
    const rows = async () => (await database.db.query<{ visitor_id: string }>('select visitor_id from presence order by visitor_id')).map((r) => r.visitor_id);
    const keeperSeen = async () => (await database.db.query<{ t: number }>(
      `select (extract(epoch from last_seen) * 1000)::float8 as t from presence where visitor_id = 'visitor-keeper'`))[0]?.t ?? 0;
    // What another instance's sweep does to the rows of an instance that stopped refreshing for a while.
    await database.db.query('delete from presence');
    expect(await rows()).toEqual([]);
    // The next refresh writes the live visitors back.
    await expect.poll(rows).toEqual(['visitor-keeper', 'visitor-stalled']);
    expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin })).json()).toMatchObject({ live_visitors: 2 });
    // A visitor who left is not written back by later refreshes: two more have run once the keeper's row was
    // refreshed twice after the leave.
    visitor.close();
    await expect.poll(rows).toEqual(['visitor-keeper']);
    for (let refresh = 0; refresh < 2; refresh += 1) {
      const seen = await keeperSeen();
      await expect.poll(keeperSeen).toBeGreaterThan(seen);
    }
    expect(await rows()).toEqual(['visitor-keeper']);
  });

  it('pings every interval and closes a connection that stops answering', async () => {
    const healthy = await open();
    // Answers no protocol ping (the browser's socket would) and sends nothing.
    const silent = await connect(`${base}/api/realtime`, { origin }, { autoPong: false });
    sockets.push(silent);
    // Answers, as the browser client does: a JSON pong, then a round trip so the server has read it.
    const answer = async () => {
      healthy.send({ type: 'pong' });
      await subscribe(healthy, 'blog_posts');
    };
    clock += HEARTBEAT.intervalMs;
    await healthy.next(is('ping'));
    await silent.next(is('ping'));
    await answer();
    // Past the answer's deadline: the silent one is dropped (1006: terminated, no close frame).
    clock += HEARTBEAT.timeoutMs + 1;
    expect(await silent.closed).toBe(1006);
    await answer();
    expect(healthy.socket.readyState).toBe(healthy.socket.OPEN);
    // And pinged again at the next interval (the tick that dropped the silent one may have pinged it too).
    healthy.messages.splice(0);
    clock += HEARTBEAT.intervalMs;
    await healthy.next(is('ping'));
  });
});

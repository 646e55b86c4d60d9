import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { TRUST_PROXY_EVERYWHERE_WARNING } from '../src/config.ts';
import { INVALID_UTF8_MESSAGE } from '../src/http/json-body.ts';
import { BODY_LIMITS } from '../src/http/limits.ts';
import { ENGINES, openTestDatabase, SECRET, testApp, useContentApp, type TestDatabase } from './helpers/test-app.ts';
import { freePort, startServer, waitForHealth } from './helpers/server-process.ts';
import { copyPgliteTemplate } from './helpers/database-templates.ts';
import { makeTempDir } from './helpers/temp-dir.ts';
import { connect as connectWs } from './helpers/ws-client.ts';

/** A raw TCP connection that gathers what the server sends, for requests a client library would not send. */
async function rawConnection(address: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(address);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  // Writes after the server closed the connection fail; the assertions look at what arrived.
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received: () => received, closed };
}

/** Resolves once `received()` matches, or after `ms` (a failure guard only: a passing test never waits for it). */
function arrival(connection: { socket: Socket; received: () => string }, pattern: RegExp, ms = 20_000): Promise<string> {
  return new Promise((resolve) => {
    const check = () => {
      if (!pattern.test(connection.received())) return;
      finish();
    };
    const timer = setTimeout(() => finish(), ms);
    const finish = () => {
      clearTimeout(timer);
      connection.socket.off('data', check);
      connection.socket.off('close', finish);
      resolve(connection.received());
    };
    connection.socket.on('data', check);
    connection.socket.once('close', finish);
    check();
  });
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('the request path over real HTTP', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let address: string;
  const REQUEST_MS = 400;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // A short request timeout, so the test does not wait 30 s; the connection timeout stays long, so only the
    // request timeout can end a connection that keeps trickling bytes.
    app = await testApp(database, { httpTimeouts: { requestMs: REQUEST_MS } });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('sets the documented timeouts on the server by default', async () => {
    const plain = await testApp(database);
    try {
      expect(plain.server.requestTimeout).toBe(30_000);
      expect(plain.server.headersTimeout).toBeLessThanOrEqual(30_000);
      expect(plain.server.timeout).toBe(10_000);
      expect(plain.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await plain.close();
    }
  });

  it('closes a connection whose body never finishes after the request timeout (408), and no idle keep-alive or WebSocket', async () => {
    const ok = /\r\n\r\n\{"status":"ok"\}$/;
    // Opened first: when the timeout closes the slow request below, Node's check has passed over these too.
    const socket = await connectWs(`${address.replace('http', 'ws')}/api/realtime`, { origin: address });
    const idle = await rawConnection(address);
    idle.socket.write(head(['GET /api/health HTTP/1.1', 'Host: localhost']));
    expect(await arrival(idle, ok)).toMatch(/^HTTP\/1\.1 200 /);
    const connection = await rawConnection(address);
    try {
      connection.socket.write(head(['GET /api/health HTTP/1.1', 'Host: localhost']));
      expect(await arrival(connection, ok)).toMatch(/^HTTP\/1\.1 200 /);
      // The same connection: headers and part of a body, then a byte every 50 ms (never idle long enough for the
      // connection timeout), and never the whole body.
      const started = performance.now();
      connection.socket.write(head([
        'POST /api/admin/session HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', 'Content-Length: 1000',
      ]) + '{"key":"');
      const trickle = setInterval(() => connection.socket.write('a'), 50);
      try {
        let guard: NodeJS.Timeout | undefined;
        const stillOpen = new Promise<string>((resolve) => (guard = setTimeout(() => resolve('still open'), 10_000)));
        const answer = await Promise.race([connection.closed.then(() => 'closed'), stillOpen]);
        clearTimeout(guard);
        expect(answer).toBe('closed');
      } finally {
        clearInterval(trickle);
      }
      expect(performance.now() - started).toBeGreaterThanOrEqual(REQUEST_MS);
      expect(connection.received()).toMatch(/\r\n\r\n\{"status":"ok"\}HTTP\/1\.1 408 /);

      // The idle keep-alive connection still serves, and the WebSocket still answers.
      idle.socket.write(head(['GET /api/health HTTP/1.1', 'Host: localhost']));
      expect(await arrival(idle, /(\{"status":"ok"\}[^]*){2}$/)).toMatch(/^HTTP\/1\.1 200 [^]*HTTP\/1\.1 200 /);
      socket.send({ type: 'subscribe', topic: 'blog_posts' });
      await socket.next((m) => m.type === 'subscribed');
    } finally {
      connection.socket.destroy();
      idle.socket.destroy();
      socket.close();
    }
  });

  it('answers an admin route without a session before reading its body (401 while the body is still being sent)', async () => {
    const requests = [
      ['POST /api/posts', 'application/json'],
      ['PATCH /api/posts/00000000-0000-4000-8000-000000000001', 'application/json'],
      ['PATCH /api/site-content/about', 'application/json'],
      ['POST /api/storage/blog_images', 'multipart/form-data; boundary=x'],
    ] as const;
    for (const [line, type] of requests) {
      const connection = await rawConnection(address);
      try {
        // Within every route's body limit: only the session check can answer before the body has arrived.
        connection.socket.write(head([`${line} HTTP/1.1`, 'Host: localhost', `Content-Type: ${type}`, 'Content-Length: 200000']) + '[[[[[[[[');
        const answer = await arrival(connection, /\r\n\r\n\{.*\}$/);
        expect(answer, line).toMatch(/^HTTP\/1\.1 401 /);
        expect(answer, line).toContain('{"error":"Admin session required. Please unlock the admin area again."}');
      } finally {
        connection.socket.destroy();
      }
    }
  });

  it('refuses a login body over its limit with 413, and any body of a route without its own limit over the default', async () => {
    const key = 'k'.repeat(BODY_LIMITS.login);
    const login = await fetch(`${address}/api/admin/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key }),
    });
    expect(login.status).toBe(413);
    expect(await login.json()).toEqual({ error: 'The request body is too large.' });
    // The largest key the login schema reads still fits (and is simply wrong).
    const longest = await fetch(`${address}/api/admin/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: 'k'.repeat(1000) }),
    });
    expect(longest.status).toBe(401);
    const other = await fetch(`${address}/api/admin/session`, {
      method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(BODY_LIMITS.default) }),
    });
    expect(other.status).toBe(413);
  });

  it('refuses a JSON body that is not UTF-8 with a 400 in the API error shape, instead of storing U+FFFD', async () => {
    const login = await fetch(`${address}/api/admin/session`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: SECRET }),
    });
    expect(login.status).toBe(204);
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const json = (text: string) => Buffer.from(text, 'utf8');
    const bodies = [
      Buffer.concat([json('{"title":"'), Buffer.from([0xff]), json('","excerpt":"E","content":"<p>c</p>"}')]),
      // A lone surrogate written as UTF-8 bytes (CESU-8), and a character cut short.
      Buffer.concat([json('{"title":"'), Buffer.from([0xed, 0xa0, 0x80]), json('","excerpt":"E","content":"<p>c</p>"}')]),
      Buffer.concat([json('{"title":"T","excerpt":"'), Buffer.from([0xe7, 0x95]), json('","content":"<p>c</p>"}')]),
    ];
    for (const body of bodies) {
      const response = await fetch(`${address}/api/posts`, {
        method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: address }, body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: INVALID_UTF8_MESSAGE });
    }
    const [row] = await database.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(row?.n).toBe(0);
    // The same post in valid UTF-8 is stored as sent.
    const valid = await fetch(`${address}/api/posts`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: address },
      body: json('{"title":"Grüße 界","excerpt":"E","content":"<p>c</p>"}'),
    });
    expect(valid.status).toBe(201);
    expect(await valid.json()).toMatchObject({ title: 'Grüße 界' });
    await database.db.query('delete from blog_posts');
  });
});

// Each field at its maximum length in a 3-byte character: the largest post the editor can send.
const WIDE = '界';
const widest = (length: number) => WIDE.repeat(length);
const largestPost = {
  title: widest(200),
  excerpt: widest(1000),
  content: `<p>${widest(200_000 - 7)}</p>`,
  image_url: `https://example.com/${widest(2048 - 20)}`,
  tags: Array.from({ length: 20 }, () => widest(50)),
};

describe.each(ENGINES)('body limits on %s', (engine) => {
  const t = useContentApp(engine);
  let address: string;
  beforeAll(async () => {
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const send = (method: string, path: string, body: string) => fetch(`${address}${path}`, {
    method, headers: { ...t.admin, origin: address, 'content-type': 'application/json' }, body,
  });

  it('takes the largest valid post and page, and refuses a body one byte over the limit with 413', async () => {
    const body = JSON.stringify(largestPost);
    expect(Buffer.byteLength(body)).toBeGreaterThan(0.95 * BODY_LIMITS.post);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(BODY_LIMITS.post);
    const created = await send('POST', '/api/posts', body);
    expect(created.status).toBe(201);
    const { id, content } = await created.json() as { id: string; content: string };
    expect(content).toBe(largestPost.content);
    expect((await send('PATCH', `/api/posts/${id}`, body)).status).toBe(200);
    // Padding is whitespace: the same valid post, one byte too long.
    const over = `${body}${' '.repeat(BODY_LIMITS.post + 1 - Buffer.byteLength(body))}`;
    for (const [method, path] of [['POST', '/api/posts'], ['PATCH', `/api/posts/${id}`]] as const) {
      const response = await send(method, path, over);
      expect(response.status, method).toBe(413);
      expect(await response.json()).toEqual({ error: 'The request body is too large.' });
    }

    const page = JSON.stringify({ content: `<p>${widest(200_000 - 7)}</p>` });
    expect(Buffer.byteLength(page)).toBeLessThanOrEqual(BODY_LIMITS.siteContent);
    expect((await send('PATCH', '/api/site-content/about', page)).status).toBe(200);
    const pageOver = `${page}${' '.repeat(BODY_LIMITS.siteContent + 1 - Buffer.byteLength(page))}`;
    expect((await send('PATCH', '/api/site-content/about', pageOver)).status).toBe(413);
  }, 60_000);
});

describe('start-up warning', () => {
  it('prints that forwarded addresses are trusted from any client when TRUST_PROXY meets a HOST on every interface', async () => {
    const tmp = makeTempDir();
    copyPgliteTemplate(inject('pgliteTemplate'), tmp.dir);
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '0.0.0.0', TRUST_PROXY: '1', DATA_DIR: tmp.dir, ADMIN_SECRET_KEY: SECRET });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, 60_000);
      expect(server.output()).toContain(`Grove: ${TRUST_PROXY_EVERYWHERE_WARNING}`);
    } finally {
      await server.stop();
      tmp.remove();
    }
  }, 90_000);
});

import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLIENT_LOG_PER_MINUTE } from '../src/http/client-log.ts';
import { randomUUID } from 'node:crypto';
import { BODY_LIMITS } from '../src/http/limits.ts';
import { adminHeaders, openTestDatabase, testApp, type TestDatabase } from './helpers/test-app.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';

// Issue 31, decision 067: what clients get wrong is refused clearly and logged as theirs, not as our faults.
describe('client mistakes', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let address: string;
  const lines: Array<Record<string, unknown>> = [];
  const logged = (kind: string) => lines.filter((line) => line.kind === kind);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await testApp(database, { logger: { level: 'info' }, logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('refuses a Host that is not a host[:port] with 400, logs it at warn without a stack, at most 10 a minute', async () => {
    for (const host of ['evil.example/path', 'a b', '[zz]', 'grove.example:99999', 'grove.example:0', '-bad.example', 'x'.repeat(300)]) {
      const response = await app.inject({ url: '/blog', headers: { host } });
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toEqual({ error: 'Invalid Host header.' });
    }
    for (const host of ['grove.example', 'grove.example:8080', 'localhost', '127.0.0.1:3000', '[::1]:3000', 'my_host.internal.']) {
      expect((await app.inject({ url: '/api/health', headers: { host } })).statusCode, host).toBe(200);
    }
    // An empty Host (HTTP/1.0 sends none): over TCP, as a client writes it.
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = new Socket();
      socket.connect(Number(port), '127.0.0.1', () => socket.end('GET /sitemap.xml HTTP/1.1\r\nHost:\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"error":"Invalid Host header."}');
    for (let i = 0; i < 20; i += 1) await app.inject({ url: '/', headers: { host: `bad host ${i}` } });
    expect(logged('host').length).toBe(CLIENT_LOG_PER_MINUTE);
    expect(logged('host').every((line) => line.level === 40 && line.err === undefined && !JSON.stringify(line).includes('    at '))).toBe(true);
  });

  it('closes a WebSocket that sends invalid UTF-8 or an oversize frame, logging each once at warn without a stack', async () => {
    const url = `${address.replace('http', 'ws')}/api/realtime`;
    // ws answers with the protocol's close code (1007 invalid data, 1009 too big) before the socket is terminated.
    const frames: Array<[string, Buffer, number]> = [
      ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 1007], ['oversize', Buffer.alloc(5000, 0x61), 1009],
    ];
    for (const [name, frame, code] of frames) {
      const before = logged('websocket').length;
      const socket = new WebSocket(url, { origin: address });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(frame, { binary: false });
      expect(await closed, name).toBe(code);
      await expect.poll(() => logged('websocket').length, { timeout: 10_000 }).toBe(before + 1);
      expect(logged('websocket').at(-1), name).toMatchObject({ level: 40, msg: 'closed a WebSocket after a protocol error' });
    }
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(logged('websocket'))).not.toContain('    at ');
  });

  it('logs no client mistake at error level; a fault of ours is logged at error with its stack', async () => {
    const admin = await adminHeaders(app, '10.0.0.1');
    const post = { title: 'T', excerpt: 'E', content: '<p>C</p>' };
    const json = { 'content-type': 'application/json' };
    const mistakes: InjectOptions[] = [
      { url: '/api/nothing' },
      { url: '/api/posts?limit=abc' },
      { url: '/api/posts?limit=5&before=garbage' },
      { url: `/api/posts?limit=5&before=${Buffer.from(`2030-01-01T00:00:00.000+99:00|${randomUUID()}`).toString('base64url')}` },
      { url: '/api/posts/not-an-id' },
      { url: `/api/posts/${randomUUID()}` },
      { url: '/storage/blog_images/..%2F..%2Fetc%2Fpasswd' },
      { method: 'DELETE', url: '/api/health' },
      { method: 'POST', url: '/api/posts', payload: post },
      { method: 'POST', url: '/api/posts', headers: { cookie: admin.cookie! }, payload: post },
      { method: 'POST', url: '/api/posts', headers: { ...admin, ...json }, payload: '{"title":' },
      { method: 'POST', url: '/api/posts', headers: { ...admin, 'content-type': 'text/plain' }, payload: 'title' },
      { method: 'POST', url: '/api/posts', headers: { ...admin, ...json }, payload: JSON.stringify({ ...post, content: 'x'.repeat(BODY_LIMITS.post + 1) }) },
      { method: 'POST', url: '/api/posts', headers: admin, payload: { ...post, title: '' } },
      { method: 'PATCH', url: `/api/posts/${randomUUID()}`, headers: admin, payload: { title: 'New' } },
      ...Array.from({ length: 8 }, () => ({ method: 'POST', url: '/api/admin/session', remoteAddress: '10.0.0.2', payload: { key: 'wrong key' } })),
    ];
    const before = lines.length;
    for (const mistake of mistakes) {
      const response = await app.inject(mistake);
      const name = `${mistake.method ?? 'GET'} ${mistake.url as string}`;
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
    }
    expect(lines.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);

    // Renaming the table breaks every query of it: a read that misses the cache is our fault, a 500, logged as one.
    await database.db.query('alter table blog_posts rename to blog_posts_away');
    try {
      const response = await app.inject(`/api/posts/${randomUUID()}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    } finally {
      await database.db.query('alter table blog_posts_away rename to blog_posts');
    }
    const errors = lines.slice(before).filter((line) => Number(line.level) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, msg: 'request failed' });
    expect(JSON.stringify(errors[0])).toContain('    at ');
  });
});

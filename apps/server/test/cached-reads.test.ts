import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../src/http/security.ts';
import { adminHeaders, openTestDatabase, testApp, useContentApp } from './helpers/test-app.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw node:http request (fetch would hide HEAD bodies and set headers of its own). */
function send(origin: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

// The front cache answers public reads before Fastify routes them: only real HTTP reaches it (inject does not).
describe('public reads through the front cache, over real HTTP', () => {
  const t = useContentApp('pglite', { trustProxy: 1 });
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const createPost = async (title: string) => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/posts', headers: t.admin, payload: { title, excerpt: 'Excerpt.', content: '<p>Body</p>' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  it('answers a cached read with the same status, headers and body as the route', async () => {
    const id = await createPost('Cached');
    // The first read fills the cache through the route; the second is answered in front of Fastify.
    const routed = await send(origin, 'GET', `/api/posts/${id}`);
    const fronted = await send(origin, 'GET', `/api/posts/${id}`);
    expect(fronted.status).toBe(200);
    expect(fronted.body).toBe(routed.body);
    for (const name of ['etag', 'cache-control', 'content-type', 'content-length', 'content-security-policy', 'x-frame-options',
      'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'permissions-policy']) {
      expect(fronted.headers[name], name).toBe(routed.headers[name]);
    }
    expect(fronted.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(JSON.parse(fronted.body)).toMatchObject({ id, title: 'Cached' });
    // The same post by its id in capitals: routed (the cache keys ids in lower case), same body.
    const upper = await send(origin, 'GET', `/api/posts/${id.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body).toBe(routed.body);
  });

  it('answers HEAD with headers only and a matching If-None-Match with 304', async () => {
    await createPost('Listed');
    const full = await send(origin, 'GET', '/api/posts');
    const head = await send(origin, 'HEAD', '/api/posts');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    const etag = String(full.headers.etag);
    const revalidated = await send(origin, 'GET', '/api/posts', { 'if-none-match': `W/${etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('serves the new list right after a write', async () => {
    await createPost('First');
    expect(JSON.parse((await send(origin, 'GET', '/api/posts')).body)).toHaveLength(1);
    expect(JSON.parse((await send(origin, 'GET', '/api/posts')).body)).toHaveLength(1);
    await createPost('Second');
    const titles = (JSON.parse((await send(origin, 'GET', '/api/posts')).body) as Array<{ title: string }>).map((post) => post.title);
    expect(titles).toEqual(['Second', 'First']);
  });

  it('leaves HTTPS-forwarded reads to Fastify, which adds HSTS for a trusted proxy', async () => {
    await createPost('Secure');
    await send(origin, 'GET', '/api/posts');
    const plain = await send(origin, 'GET', '/api/posts');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forwarded = await send(origin, 'GET', '/api/posts', { 'x-forwarded-proto': 'https' });
    expect(forwarded.status).toBe(200);
    expect(forwarded.body).toBe(plain.body);
    expect(forwarded.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('leaves writes, queries and unknown paths to Fastify', async () => {
    await createPost('Only');
    await send(origin, 'GET', '/api/posts');
    expect((await send(origin, 'POST', '/api/posts')).status).toBe(401);
    expect(JSON.parse((await send(origin, 'GET', '/api/posts?page=1')).body)).toHaveLength(1);
    expect((await send(origin, 'GET', '/api/posts/00000000-0000-4000-8000-0000000000ff')).status).toBe(404);
  });
});

describe('the front cache while the server closes', () => {
  it('hands requests to Fastify (503, Connection: close), so a busy keep-alive client cannot hold the shutdown open', async () => {
    const database = await openTestDatabase('pglite');
    const app = await testApp(database);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const created = await app.inject({
        method: 'POST', url: '/api/posts', headers: await adminHeaders(app), payload: { title: 'Busy', excerpt: 'E.', content: '<p>B</p>' },
      });
      expect(created.statusCode).toBe(201);
      expect((await app.inject('/api/posts')).statusCode).toBe(200);
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => {});
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      // Busy when close() starts (a request half sent), then a cached read every 100 ms on the same connection.
      socket.write('GET /api/posts HTTP/1.1\r\nHost: localhost\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closed = app.close().then(() => 'closed');
      socket.write('\r\n');
      const timer = setInterval(() => socket.write('GET /api/posts HTTP/1.1\r\nHost: localhost\r\n\r\n'), 100);
      try {
        const timeout = new Promise((resolve) => setTimeout(() => resolve('timed out'), 5000));
        expect(await Promise.race([closed, timeout])).toBe('closed');
        await ended;
      } finally {
        clearInterval(timer);
        socket.destroy();
      }
      expect(received).toMatch(/HTTP\/1\.1 503 Service Unavailable\r\n[^]*connection: close/i);
    } finally {
      await app.close();
      await database.close();
    }
  }, 30_000);
});

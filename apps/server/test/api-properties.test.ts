import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, ENGINES, openTestDatabase, ORIGIN, testApp, type TestDatabase } from './helpers/test-app.ts';

describe.each(ENGINES)('arbitrary JSON bodies on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let postId: string;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    app = await testApp(database);
    admin = await adminHeaders(app);
    postId = (await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: { title: 't', excerpt: 'e', content: 'c' } }))
      .json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  // Post-like objects find the deeper validation paths more often than fully random values do.
  // Any UTF-16 code units, NUL and lone surrogates included: PostgreSQL refuses some of them (22021).
  const text = fc.string({ unit: 'binary' });
  const value = fc.jsonValue({ stringUnit: 'binary' });
  const postLike = fc.record({
    title: fc.oneof(text, value),
    excerpt: fc.oneof(text, value),
    content: fc.oneof(text, value),
    image_url: fc.oneof(fc.constant(null), text, fc.webUrl(), value),
    tags: fc.oneof(fc.array(text), text, value),
  }, { requiredKeys: [] });
  const body = fc.oneof(value, postLike, fc.record({ key: value }), fc.record({ content: value }));

  it('never produce a 5xx on any endpoint, with or without a session', async () => {
    const targets = () => [
      { method: 'POST' as const, url: '/api/posts' },
      { method: 'PATCH' as const, url: `/api/posts/${postId}` },
      { method: 'PATCH' as const, url: '/api/site-content/about' },
      { method: 'POST' as const, url: '/api/admin/session' },
      { method: 'POST' as const, url: '/api/storage/blog_images' },
    ];
    await fc.assert(fc.asyncProperty(body, fc.boolean(), fc.nat(4), async (payload, withSession, index) => {
      const target = targets()[index]!;
      const response = await app.inject({
        ...target,
        headers: { ...(withSession ? admin : { origin: ORIGIN }), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: `10.1.${index}.${withSession ? 1 : 2}`,
      });
      expect(response.statusCode, `${target.method} ${target.url} ${JSON.stringify(payload)} → ${response.body}`).toBeLessThan(500);
      expect(response.body).not.toMatch(/\bat .+\.ts:\d+/);
    }), { numRuns: 250 });
  });

  it('never produce a 5xx from an arbitrary multipart upload body', async () => {
    const boundary = 'grove-property-boundary';
    const fileName = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('a.png', '', '../x.gif', 'a"b.png'));
    // Well-formed parts around arbitrary bytes, or arbitrary text where the multipart framing should be.
    const wellFormed = fc.tuple(fileName, fc.uint8Array({ maxLength: 64 }), fc.nat(3)).map(([name, bytes, cut]) => {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
      const whole = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return whole.subarray(0, whole.length - cut * 7);
    });
    const framing = fc.string({ unit: 'binary', maxLength: 200 }).map((junk) => Buffer.from(`--${boundary}\r\n${junk}`));
    await fc.assert(fc.asyncProperty(fc.oneof(wellFormed, framing), fc.boolean(), async (payload, withBoundary) => {
      const response = await app.inject({
        method: 'POST', url: '/api/storage/blog_images', payload,
        headers: { ...admin, 'content-type': withBoundary ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data' },
      });
      expect(response.statusCode, `${payload.toString('latin1')} → ${response.body}`).toBeLessThan(500);
    }), { numRuns: 150 });
  });
});

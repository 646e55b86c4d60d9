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
});

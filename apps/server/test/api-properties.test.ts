import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, openTestDatabase, ORIGIN, testApp, type TestDatabase } from './helpers/test-app.ts';

describe('arbitrary JSON bodies', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let postId: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
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
  const postLike = fc.record({
    title: fc.oneof(fc.string(), fc.jsonValue()),
    excerpt: fc.oneof(fc.string(), fc.jsonValue()),
    content: fc.oneof(fc.string(), fc.jsonValue()),
    image_url: fc.oneof(fc.constant(null), fc.string(), fc.webUrl(), fc.jsonValue()),
    tags: fc.oneof(fc.array(fc.string()), fc.string(), fc.jsonValue()),
  }, { requiredKeys: [] });
  const body = fc.oneof(fc.jsonValue(), postLike, fc.record({ key: fc.jsonValue() }), fc.record({ content: fc.jsonValue() }));

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
    }), { numRuns: 300 });
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { blogPostListSchema, blogPostPageSchema, decodePostCursor, encodePostCursor, POST_LIST_DEFAULT } from '@grove/domain/content/blog-post';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ByteCache } from '../src/http/byte-cache.ts';
import { ENGINES, useContentApp } from './helpers/test-app.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

// Issue 31: what an unauthenticated client can make the public reads cost (decision 066).
// Smaller than the 31 pages there are (about 100 KB each with their compressed forms), so the budget must evict.
const BUDGET = 1024 * 1024;
const POSTS = 30;
// About 2 KB each, as the attack probe's blog.
const BODY = `<p>${'Grove grows. '.repeat(150)}</p>`;

/** POSTS posts one second apart, newest 'post 0'; returns them newest first. */
async function seed(t: ReturnType<typeof useContentApp>): Promise<Array<{ id: string; created_at: string }>> {
  await t.database.db.query(
    `insert into blog_posts (title, content, excerpt, tags, author_id, created_at)
     select 'post ' || n, $1, 'Excerpt.', '{}', (select id from profiles limit 1), timestamptz '2026-01-01T00:00:00Z' - n * interval '1 second'
     from generate_series(0, $2 - 1) as n`,
    [BODY, POSTS],
  );
  // An earlier test's pages may still be cached until the inserts' NOTIFY arrives.
  const read = async () => blogPostPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts?limit=50' })).json()).posts;
  await expect.poll(async () => (await read()).map((post) => post.title)).toEqual(Array.from({ length: POSTS }, (_, n) => `post ${n}`));
  return read();
}

describe.each(ENGINES)('public reads under hostile paging on %s', (engine) => {
  const cache = new ByteCache(BUDGET);
  const t = useContentApp(engine, { cache });

  it('keeps thousands of made-up cursors (2,000) within the byte budget, one entry per page they land on, and frees it on a change', async () => {
    const posts = await seed(t);
    const instant = fc.tuple(fc.integer({ min: 0, max: POSTS + 2 }), fc.integer({ min: 0, max: 999 }));
    const random = fc.sample(instant, { seed: 31, numRuns: 2000 });
    const pages = new Set<string>();
    for (const [index, [second, millisecond]] of random.entries()) {
      // Times around and between the posts' own, with ids no post has: 2,000 distinct cursors.
      const createdAt = new Date(Date.parse('2026-01-01T00:00:01Z') - second * 1000 - millisecond).toISOString();
      const before = encodePostCursor({ createdAt, id: randomUUID() });
      const response = await t.app.inject({ method: 'GET', url: `/api/posts?limit=50&before=${before}` });
      expect(response.statusCode, `request ${index}`).toBe(200);
      pages.add(response.headers.etag as string);
      expect(cache.bytes).toBeLessThanOrEqual(BUDGET);
    }
    // Every cursor landed on one of the POSTS + 1 pages there are, and only those were kept.
    expect(pages.size).toBeGreaterThan(POSTS / 2);
    expect(pages.size).toBeLessThanOrEqual(POSTS + 1);
    expect(cache.size).toBeLessThanOrEqual(POSTS + 1);
    // Full, not over: least recently used pages made room for the others.
    expect(cache.bytes).toBeGreaterThan(BUDGET / 2);
    expect(cache.size).toBeLessThan(pages.size);

    // The page after a made-up cursor is the page after the post it lands behind, as the server issues it.
    const cursor = (index: number) => encodePostCursor({ createdAt: posts[index]!.created_at, id: posts[index]!.id });
    const made = encodePostCursor({ createdAt: new Date(Date.parse(posts[3]!.created_at) - 1).toISOString(), id: randomUUID() });
    const issued = await t.app.inject({ method: 'GET', url: `/api/posts?limit=5&before=${cursor(3)}` });
    const madeUp = await t.app.inject({ method: 'GET', url: `/api/posts?limit=5&before=${made}` });
    expect(madeUp.body).toBe(issued.body);
    expect(blogPostPageSchema.parse(madeUp.json()).posts.map((post) => post.title)).toEqual(['post 4', 'post 5', 'post 6', 'post 7', 'post 8']);

    // A change drops every entry: nothing holds the pages any more.
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/posts/${posts[0]!.id}`, headers: t.admin, payload: { title: 'Edited' } });
    expect(edit.statusCode).toBe(200);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  }, 180_000);

  it('sends the newest posts without a limit, with a link to the rest', async () => {
    const posts = await seed(t);
    const first = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(first.statusCode).toBe(200);
    const listed = blogPostListSchema.parse(first.json());
    expect(listed.map((post) => post.id)).toEqual(posts.slice(0, POST_LIST_DEFAULT).map((post) => post.id));
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const rest = blogPostPageSchema.parse((await t.app.inject({ method: 'GET', url: next! })).json());
    expect(rest.posts.map((post) => post.id)).toEqual(posts.slice(POST_LIST_DEFAULT, POST_LIST_DEFAULT * 2).map((post) => post.id));
    // The cached answer (the first hook's) carries the same link.
    expect((await t.app.inject({ method: 'GET', url: '/api/posts' })).headers.link).toBe(first.headers.link);
  });

  it('answers 400, never 500, for a cursor time the database cannot take (fuzzed)', async () => {
    await seed(t);
    const offset = encodePostCursor({ createdAt: '2030-01-01T00:00:00.000+16:00', id: randomUUID() });
    const refused = await t.app.inject({ method: 'GET', url: `/api/posts?limit=2&before=${offset}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Invalid cursor.' });
    const digits = (width: number, max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(width, '0'));
    const time = fc.tuple(digits(4, 9999), digits(2, 13), digits(2, 32), digits(2, 24), digits(2, 60), digits(2, 60),
      fc.constantFrom('', '.1', '.123456', '.1234567'), fc.constantFrom('Z', '+15:59', '-15:59', '+16:00', '-23:00', '+00:60', '+05:30'))
      .map(([y, mo, d, h, mi, s, fraction, zone]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone}`);
    await fc.assert(fc.asyncProperty(time, async (createdAt) => {
      const before = encodePostCursor({ createdAt, id: randomUUID() });
      const response = await t.app.inject({ method: 'GET', url: `/api/posts?limit=2&before=${before}` });
      expect(response.statusCode, createdAt).toBe(decodePostCursor(before) === null ? 400 : 200);
    }), { seed: 3131, numRuns: 300 });
  });
});

// A stand-in web build whose server entry renders a post's page from the API, as the real one does, and counts its
// renders in a global the test reads.
const build = makeTempDir('grove-unknown-post-');
mkdirSync(path.join(build.dir, 'dist'));
mkdirSync(path.join(build.dir, 'dist-ssr'));
writeFileSync(path.join(build.dir, 'dist', 'index.html'), '<!doctype html><title>Grove</title><div id="root"></div>');
writeFileSync(path.join(build.dir, 'dist-ssr', 'entry-server.js'), `
export async function render({ url, readApi }) {
  globalThis.standInRenders = (globalThis.standInRenders ?? 0) + 1;
  const id = /^\\/blog\\/(.+)$/.exec(url)?.[1];
  if (id === undefined) return { kind: 'shell' };
  const answer = await readApi('/api/posts/' + id);
  const body = answer.status === 200 ? '<main>' + JSON.parse(answer.body).title + '</main>' : '<main>Post not found</main>';
  return { kind: 'page', status: answer.status, hydrate: answer.status === 200, head: '<title>Post</title>', body, state: '{}', strings: '{}' };
}
`);
afterAll(() => build.remove());
const renders = () => (globalThis as { standInRenders?: number }).standInRenders ?? 0;

describe.each(ENGINES)('unknown post pages on %s', (engine) => {
  const t = useContentApp(engine, { webDistDir: path.join(build.dir, 'dist') });
  const create = async (title: string) => (await t.app.inject({
    method: 'POST', url: '/api/posts', headers: t.admin, payload: { title, excerpt: 'Excerpt.', content: '<p>Body</p>' },
  })).json<{ id: string }>().id;

  it('answers every unknown id with the one kept 404 page: no render, no query (decision 066)', async () => {
    // The app drops its kept pages on its own write and again when that write's NOTIFY arrives, a moment later (on
    // PostgreSQL it once came after the page below was kept, which the rename then could not render again: 500).
    // This listener is called after the app's own on the same database, so once it has the post's event, so has the app.
    const events: string[] = [];
    const stopListening = await t.database.db.listen('grove_changes', (payload) => events.push(payload));
    const known = await create('Known post');
    // The payload holds the change (a small one inline): the new post's id is in it.
    await expect.poll(() => events.some((payload) => payload.includes(known))).toBe(true);
    await stopListening();
    expect((await t.app.inject(`/blog/${known}`)).body).toContain('<main>Known post</main>');
    const first = await t.app.inject(`/blog/${randomUUID()}`);
    expect(first.statusCode).toBe(404);
    const notFound = first.body;
    expect(notFound).toContain('<main>Post not found</main>');
    const rendered = renders();
    // Renaming the table fires no change event: the kept ids stay, and any query of blog_posts would now fail.
    await t.database.db.query('alter table blog_posts rename to blog_posts_away');
    try {
      for (const id of [...Array.from({ length: 50 }, () => randomUUID()), 'made-up', 'x'.repeat(100)]) {
        const response = await t.app.inject(`/blog/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.body, id).toBe(notFound);
      }
      expect((await t.app.inject(`/blog/${known}`)).statusCode).toBe(200);
      expect(renders()).toBe(rendered);
    } finally {
      await t.database.db.query('alter table blog_posts_away rename to blog_posts');
    }
    // A new post is no longer unknown: the kept ids go with every change.
    const added = await create('Added post');
    expect((await t.app.inject(`/blog/${added}`)).body).toContain('<main>Added post</main>');
  });
});

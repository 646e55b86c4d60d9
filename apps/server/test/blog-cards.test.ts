import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodePostCursor } from '@grove/domain/content/blog-post';
import { afterAll, describe, expect, it } from 'vitest';
import { ByteCache } from '../src/http/byte-cache.ts';
import { ENGINES, useContentApp } from './helpers/test-app.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

// GET /api/blog-cards (decision 075): the blog's Load more on a server-rendered page asks the server for the next
// cards as HTML. A stand-in web build whose server entry renders cards from the API as the real one does
// (apps/web/src/entry-server.tsx, renderBlogCards: 12 a page, through the same in-process reader).
const build = makeTempDir('grove-blog-cards-');
mkdirSync(path.join(build.dir, 'dist'));
mkdirSync(path.join(build.dir, 'dist-ssr'));
writeFileSync(path.join(build.dir, 'dist', 'index.html'), '<!doctype html><title>Grove</title><div id="root"></div>');
writeFileSync(path.join(build.dir, 'dist-ssr', 'entry-server.js'), `
export async function render() {
  return { kind: 'shell' };
}
export async function renderBlogCards({ before, readApi }) {
  const answer = await readApi('/api/posts?limit=12' + (before === null ? '' : '&before=' + encodeURIComponent(before)));
  if (answer.status !== 200) return { kind: 'failed', status: answer.status, body: answer.body };
  const page = JSON.parse(answer.body);
  return { kind: 'cards', html: page.posts.map((post) => '<li>' + post.title + '</li>').join(''), nextCursor: page.nextCursor };
}
`);
afterAll(() => build.remove());

describe.each(ENGINES)('the blog\'s next cards on %s', (engine) => {
  const cache = new ByteCache(1024 * 1024);
  const t = useContentApp(engine, { webDistDir: path.join(build.dir, 'dist'), cache });

  it('renders the first page, then the page after each cursor it gives, until there is none', async () => {
    await t.database.db.query(
      `insert into blog_posts (title, content, excerpt, tags, author_id, created_at)
       select 'post ' || n, '<p>Body</p>', 'Excerpt.', '{}', (select id from profiles limit 1), timestamptz '2026-01-01T00:00:00Z' - n * interval '1 second'
       from generate_series(0, 14) as n`,
    );
    const read = async (before: string | null) => {
      const response = await t.app.inject(`/api/blog-cards${before === null ? '' : `?before=${encodeURIComponent(before)}`}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      return response.json<{ html: string; nextCursor: string | null }>();
    };
    await expect.poll(async () => (await read(null)).html.match(/<li>/g)?.length).toBe(12);
    const first = await read(null);
    expect(first.html.startsWith('<li>post 0</li><li>post 1</li>')).toBe(true);
    expect(first.nextCursor).not.toBeNull();
    const second = await read(first.nextCursor);
    expect(second.html).toBe('<li>post 12</li><li>post 13</li><li>post 14</li>');
    expect(second.nextCursor).toBeNull();
  });

  it('answers a cursor the API refuses with the API\'s own 400, and keeps nothing for a made-up one', async () => {
    for (const before of ['not-a-cursor', encodePostCursor({ createdAt: '2030-01-01T00:00:00.000+16:00', id: randomUUID() })]) {
      const response = await t.app.inject(`/api/blog-cards?before=${encodeURIComponent(before)}`);
      expect(response.statusCode, before).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid cursor.' });
    }
    expect((await t.app.inject(`/api/blog-cards?before=${'a'.repeat(500)}`)).statusCode).toBe(400);
    expect((await t.app.inject('/api/blog-cards?before=')).statusCode).toBe(400);
    // Made-up cursors land on pages the API keeps once each (issue 31): the cache does not grow per cursor.
    await t.app.inject('/api/blog-cards');
    const entries = cache.size;
    for (let index = 0; index < 50; index += 1) {
      const before = encodePostCursor({ createdAt: '2025-06-01T00:00:00.000Z', id: randomUUID() });
      expect((await t.app.inject(`/api/blog-cards?before=${before}`)).statusCode).toBe(200);
    }
    expect(cache.size).toBeLessThanOrEqual(entries + 1);
  });
});

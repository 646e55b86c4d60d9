import { blogPostListSchema, blogPostPageSchema, blogPostSchema, encodePostCursor } from '@grove/domain/content/blog-post';
import { describe, expect, it } from 'vitest';
import { ENGINES, ORIGIN, useContentApp } from './helpers/test-app.ts';

const post = { title: 'Hello Grove', excerpt: 'A first post.', content: '<p>Body</p>', tags: ['news', 'grove'] };

describe.each(ENGINES)('posts API on %s', (engine) => {
  const t = useContentApp(engine);

  const create = async (body: object = post) => t.app.inject({ method: 'POST', url: '/api/posts', headers: t.admin, payload: body });

  it('creates a post and lists it newest first with the author full name', async () => {
    const first = await create();
    expect(first.statusCode).toBe(201);
    const second = await create({ ...post, title: 'Second' });
    const list = await t.app.inject({ method: 'GET', url: '/api/posts' });
    expect(list.statusCode).toBe(200);
    const posts = blogPostListSchema.parse(list.json());
    expect(posts.map((p) => p.title)).toEqual(['Second', 'Hello Grove']);
    expect(posts[0]).toMatchObject({ id: second.json<{ id: string }>().id, author: { full_name: 'Grove Team' }, tags: ['news', 'grove'], image_url: null });
  });

  it('pages the list by cursor, newest first, without skipping or repeating a post', async () => {
    const titles = ['p1', 'p2', 'p3', 'p4', 'p5'];
    for (const title of titles) await create({ ...post, title });
    // Two posts in the same millisecond (different microseconds) must both be reached.
    await t.database.db.query(`update blog_posts set created_at = date_trunc('milliseconds', created_at) + interval '7 microseconds'
      where title = 'p3'`);
    await t.database.db.query(`update blog_posts set created_at = (select created_at from blog_posts where title = 'p3') - interval '6 microseconds'
      where title = 'p2'`);
    const all = blogPostListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts' })).json()).map((p) => p.title);
    const seen: string[] = [];
    let url = '/api/posts?limit=2';
    for (let page = 0; page < 5; page += 1) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = blogPostPageSchema.parse(response.json());
      expect(body.posts.length).toBeLessThanOrEqual(2);
      seen.push(...body.posts.map((p) => p.title));
      if (body.nextCursor === null) break;
      url = `/api/posts?limit=2&before=${body.nextCursor}`;
    }
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(titles.length);
  });

  it('serves a page again from the cache until a change, and refuses a bad limit or cursor', async () => {
    await create({ ...post, title: 'old' });
    const first = await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts?limit=1', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await create({ ...post, title: 'new' });
    await expect.poll(async () => blogPostPageSchema.parse((await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' })).json()).posts[0]?.title)
      .toBe('new');
    for (const bad of ['limit=0', 'limit=51', 'limit=two', 'limit=1&before=nonsense', `limit=1&before=${encodePostCursor({ createdAt: 'soon', id: 'x' })}`]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/posts?${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json<{ error: string }>().error).toBeTruthy();
    }
  });

  it('reads one post, and answers 404 for unknown or malformed ids', async () => {
    const { id } = (await create()).json<{ id: string }>();
    const one = await t.app.inject({ method: 'GET', url: `/api/posts/${id}` });
    expect(blogPostSchema.parse(one.json()).title).toBe('Hello Grove');
    for (const bad of ['00000000-0000-4000-8000-0000000000ff', 'not-a-uuid', '%27%20or%201=1']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/posts/${bad}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Post not found.' });
    }
  });

  it('answers a revalidation with 304 and serves fresh data after a change, even one made directly in SQL', async () => {
    const { id } = (await create()).json<{ id: string }>();
    const first = await t.app.inject({ method: 'GET', url: '/api/posts' });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // A proxy that compresses turns the tag weak; it is still the same representation.
    expect((await t.app.inject({ method: 'GET', url: '/api/posts', headers: { 'if-none-match': `"other", W/${etag}` } })).statusCode).toBe(304);
    await t.database.db.query(`update blog_posts set title = 'Edited in SQL' where id = $1`, [id]);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/posts' })).json<Array<{ title: string }>>()[0]?.title)
      .toBe('Edited in SQL');
  });

  it('updates and deletes posts', async () => {
    const { id } = (await create()).json<{ id: string }>();
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: t.admin, payload: { title: '  New title ', tags: 'a, , b ' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'New title', tags: ['a', 'b'], excerpt: post.excerpt });
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}` })).json()).toMatchObject({ title: 'New title' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: t.admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${id}`, headers: t.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: t.admin, payload: { title: 'x' } })).statusCode).toBe(404);
  });

  it('validates input with clear messages and writes nothing on failure', async () => {
    const cases: Array<[object, string]> = [
      [{ ...post, title: '   ' }, 'Title is required.'],
      [{ excerpt: 'e', content: 'c' }, 'Title is required.'],
      [{ ...post, excerpt: '' }, 'Excerpt is required.'],
      [{ ...post, content: undefined }, 'Content is required.'],
      [{ ...post, content: '<script>alert(1)</script>' }, 'Content is required.'],
      [{ ...post, title: 'x'.repeat(201) }, 'Title must be at most 200 characters.'],
      [{ ...post, tags: [1, 2] }, 'Tags must be a list of text or comma-separated text.'],
      [{ ...post, image_url: 'javascript:alert(1)' }, 'Image URL must be an uploaded image or an https address.'],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: message });
    }
    const notObject = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { ...t.admin, 'content-type': 'application/json' }, payload: '[1]' });
    expect(notObject.json()).toEqual({ error: 'The request body must be a JSON object.' });
    const badJson = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { ...t.admin, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const { id } = (await create()).json<{ id: string }>();
    const emptyPatch = await t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: t.admin, payload: {} });
    expect(emptyPatch.statusCode).toBe(400);
    const halfBad = await t.app.inject({ method: 'PATCH', url: `/api/posts/${id}`, headers: t.admin, payload: { title: 'Changed', excerpt: '' } });
    expect(halfBad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/${id}` })).json()).toMatchObject({ title: 'Hello Grove' });
    const [row] = await t.database.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(row?.n).toBe(1);
  });

  it('sanitises HTML: no <script> and no onerror= ever survive', async () => {
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script><img src="/storage/blog_images/1_a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>'
      + '<iframe src="https://evil.example"></iframe><a href="https://ok.example" target="_blank">ok</a>'
      // Browsers read _BLANK as a new tab; a named window would get the opener: neither keeps it.
      + '<a href="https://a.example" target="_BLANK" rel="opener">a</a><a href="https://b.example" target="w">b</a></p>';
    const created = (await create({ ...post, content: dirty })).json<{ id: string; content: string }>();
    const patched = (await t.app.inject({ method: 'PATCH', url: `/api/posts/${created.id}`, headers: t.admin, payload: { content: dirty } }))
      .json<{ content: string }>();
    for (const html of [created.content, patched.content]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
      expect(html).toContain('<img src="/storage/blog_images/1_a.png" />');
      expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
      expect(html).toContain('<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>');
      expect(html).toContain('<a href="https://b.example">b</a>');
    }
    // Written around the API, straight into SQL: still clean when read.
    await t.database.db.query('update blog_posts set content = $2 where id = $1', [created.id, dirty]);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: `/api/posts/${created.id}` })).json<{ content: string }>().content)
      .not.toMatch(/<script|onerror/i);
  });

  it('requires an t.admin session for every write and for the t.admin list', async () => {
    const { id } = (await create()).json<{ id: string }>();
    const calls = [
      { method: 'POST' as const, url: '/api/posts', payload: post },
      { method: 'PATCH' as const, url: `/api/posts/${id}`, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: `/api/posts/${id}` },
      { method: 'GET' as const, url: '/api/admin/posts' },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: { origin: ORIGIN } });
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json<{ error: string }>().error).toMatch(/Admin session required/);
      const forged = await t.app.inject({ ...call, headers: { origin: ORIGIN, cookie: 'grove_admin_session=forged' } });
      expect(forged.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: t.admin })).json()).toHaveLength(1);
  });

  it('lists every post for the admin as summaries, newest first, never with the content (decision 066)', async () => {
    const first = (await create()).json<{ id: string; created_at: string }>();
    const big = (await t.app.inject({
      method: 'POST', url: '/api/posts', headers: t.admin, payload: { ...post, title: 'Big', content: `<p>${'x'.repeat(150_000)}</p>` },
    })).json<{ id: string; created_at: string; updated_at: string }>();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/posts', headers: t.admin });
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json<{ id: string; created_at: string }[]>();
    expect(list).toHaveLength(2);
    expect(list).toContainEqual({ id: big.id, title: 'Big', created_at: big.created_at, updated_at: big.updated_at });
    expect(list).toContainEqual(expect.objectContaining({ id: first.id, created_at: first.created_at }));
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['created_at', 'id', 'title', 'updated_at']);
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(list[1]!.created_at));
    // A few hundred bytes, whatever the posts hold.
    expect(response.body.length).toBeLessThan(400);
  });

  it('refuses cookie-authenticated writes from another origin or without an Origin (CSRF)', async () => {
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { ...t.admin, origin: 'https://evil.example' }, payload: post });
    expect(crossSite.statusCode).toBe(403);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { cookie: t.admin.cookie ?? '' }, payload: post });
    expect(noOrigin.statusCode).toBe(403);
    const [row] = await t.database.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(row?.n).toBe(0);
  });

  it('limits the body size', async () => {
    const response = await create({ ...post, content: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large.' });
  });
});

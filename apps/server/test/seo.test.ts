import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { blogPostSchema, type BlogPost } from '@grove/domain/content/blog-post';
import { siteContentSchema } from '@grove/domain/content/site-content';
import { afterAll, describe, expect, it } from 'vitest';
import { isSpaPath } from '../src/http/web-app.ts';
import { adminHeaders, ENGINES, openTestDatabase, testApp, useContentApp } from './helpers/test-app.ts';
import { feedOf, sitemapOf } from './helpers/parsed-xml.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

// Links are on the request's own origin unless PUBLIC_URL is set; app.inject's default Host is 'localhost:80'.
const ORIGIN = 'http://localhost:80';

// A stand-in for apps/web/dist: with a build present, the SPA fallback answers every other GET with index.html.
const dist = makeTempDir('grove-seo-dist-');
writeFileSync(path.join(dist.dir, 'index.html'), '<!doctype html><title>Grove</title><div id="root"></div>');
afterAll(() => dist.remove());

describe.each(ENGINES)('sitemap, feed and robots.txt on %s', (engine) => {
  const t = useContentApp(engine, { webDistDir: dist.dir });

  const create = async (title: string, extra: object = {}): Promise<BlogPost> => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/posts', headers: t.admin,
      payload: { title, excerpt: `About ${title}.`, content: `<p>${title}</p>`, ...extra },
    });
    expect(response.statusCode).toBe(201);
    return blogPostSchema.parse(response.json());
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('lists the public pages and every post with absolute links and their dates', async () => {
    const older = await create('Older');
    const newer = await create('Newer', { image_url: '/storage/blog_images/cover.png' });
    const about = siteContentSchema.parse((await get('/api/site-content/about')).json());

    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const urlset = sitemapOf(response.body);
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const byLoc = new Map(urlset.url.map((url) => [url.loc, url.lastmod]));
    expect([...byLoc.keys()]).toEqual([
      '/', '/blog', '/about', '/contact', '/privacy', '/terms', `/blog/${newer.id}`, `/blog/${older.id}`,
    ].map((p) => `${ORIGIN}${p}`));
    expect(byLoc.get(`${ORIGIN}/blog/${older.id}`)).toBe(older.updated_at);
    expect(byLoc.get(`${ORIGIN}/blog/${newer.id}`)).toBe(newer.updated_at);
    expect(byLoc.get(`${ORIGIN}/blog`)).toBe(newer.updated_at);
    // The site-content pages are seeded rows, so each has the date of its row.
    expect(byLoc.get(`${ORIGIN}/about`)).toBe(about.updated_at);
    expect(byLoc.get(`${ORIGIN}/`)).toBeUndefined();
  });

  it('serves the blog as RSS 2.0, newest first, with permalinks, dates, excerpts and absolute image links', async () => {
    const older = await create('Older & <wiser>', { excerpt: 'Plain "text" & more.' });
    const newer = await create('Newer', { image_url: '/storage/blog_images/cover.png' });

    const response = await get('/feed.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const rss = feedOf(response.body);
    expect(rss['@_version']).toBe('2.0');
    const { item, ...channel } = rss.channel;
    expect(channel).toMatchObject({
      title: 'Blog | Grove',
      link: `${ORIGIN}/blog`,
      description: 'News, ideas and guides from the Grove team.',
      language: 'en',
      lastBuildDate: new Date(newer.updated_at).toUTCString(),
      'atom:link': { '@_href': `${ORIGIN}/feed.xml`, '@_rel': 'self' },
    });
    expect(item).toEqual([
      {
        title: 'Newer',
        link: `${ORIGIN}/blog/${newer.id}`,
        guid: { '#text': `${ORIGIN}/blog/${newer.id}`, '@_isPermaLink': 'true' },
        pubDate: new Date(newer.created_at).toUTCString(),
        description: 'About Newer.',
        'media:content': { '@_url': `${ORIGIN}/storage/blog_images/cover.png`, '@_medium': 'image' },
      },
      {
        title: 'Older & <wiser>',
        link: `${ORIGIN}/blog/${older.id}`,
        guid: { '#text': `${ORIGIN}/blog/${older.id}`, '@_isPermaLink': 'true' },
        pubDate: new Date(older.created_at).toUTCString(),
        description: 'Plain "text" & more.',
      },
    ]);
    expect(response.body).toContain('<title>Older &amp; &lt;wiser&gt;</title>');
  });

  it('carries the 50 newest posts in the feed and an empty blog as a channel without items', async () => {
    // The documents are cached until a change event (decision 066); one made in SQL arrives by NOTIFY, a moment later.
    await expect.poll(async () => feedOf((await get('/feed.xml')).body).channel.item).toBeUndefined();
    await expect.poll(async () => sitemapOf((await get('/sitemap.xml')).body).url.find((url) => url.loc === `${ORIGIN}/blog`)?.lastmod)
      .toBeUndefined();
    await t.database.db.query(`insert into blog_posts (title, content, excerpt, created_at)
      select 'Post ' || n, '<p>x</p>', 'x', timestamptz '2026-01-01T00:00:00Z' + n * interval '1 hour' from generate_series(1, 55) n`);
    await expect.poll(async () => (feedOf((await get('/feed.xml')).body).channel.item ?? []).map((entry) => entry.title))
      .toEqual(Array.from({ length: 50 }, (_, i) => `Post ${55 - i}`));
    await expect.poll(async () => sitemapOf((await get('/sitemap.xml')).body).url.length).toBe(6 + 55);
  });

  it('shows an edit, a deletion and a page change at once, even right after the posts were read through the cache', async () => {
    const kept = await create('Kept');
    const removed = await create('Removed');
    // Fill the public cache of the posts API and the ETags of both documents first.
    await get('/api/posts');
    const before = await get('/feed.xml');
    const sitemapBefore = await get('/sitemap.xml');

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/posts/${kept.id}`, headers: t.admin, payload: { title: 'Kept, renamed' } });
    expect(patched.statusCode).toBe(200);
    const edited = blogPostSchema.parse(patched.json());
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${removed.id}`, headers: t.admin })).statusCode).toBe(204);
    const page = await t.app.inject({ method: 'PATCH', url: '/api/site-content/terms', headers: t.admin, payload: { content: '<p>New terms</p>' } });
    expect(page.statusCode).toBe(200);
    const terms = siteContentSchema.parse(page.json());

    // A reader revalidating with the old ETag gets the new document, not a 304.
    const feed = await get('/feed.xml', { 'if-none-match': String(before.headers.etag) });
    expect(feed.statusCode).toBe(200);
    expect((feedOf(feed.body).channel.item ?? []).map((entry) => entry.title)).toEqual(['Kept, renamed']);
    const sitemap = await get('/sitemap.xml', { 'if-none-match': String(sitemapBefore.headers.etag) });
    expect(sitemap.statusCode).toBe(200);
    const byLoc = new Map(sitemapOf(sitemap.body).url.map((url) => [url.loc, url.lastmod]));
    expect(byLoc.get(`${ORIGIN}/blog/${kept.id}`)).toBe(edited.updated_at);
    expect(byLoc.has(`${ORIGIN}/blog/${removed.id}`)).toBe(false);
    expect(byLoc.get(`${ORIGIN}/terms`)).toBe(terms.updated_at);
  });

  it('answers a matching If-None-Match with 304 and HEAD with headers only', async () => {
    await create('Cached');
    for (const url of ['/sitemap.xml', '/feed.xml', '/robots.txt']) {
      const full = await get(url);
      const etag = String(full.headers.etag);
      const revalidated = await get(url, { 'if-none-match': `W/${etag}` });
      expect(revalidated.statusCode, url).toBe(304);
      expect(revalidated.body, url).toBe('');
      expect(revalidated.headers.etag, url).toBe(etag);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-type'], url).toBe(full.headers['content-type']);
    }
  });

  it('generates robots.txt: the site allowed, the admin area, API and workspace kept out, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const lines = response.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/admin', '/api/', '/dashboard', '/kanban-board', '/garden', '/free-project-management', '/notes-and-docs',
      '/calendar-view', '/mind-map', '/settings']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /blog');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('writes links on the request\'s own host when PUBLIC_URL is unset', async () => {
    const post = await create('Hosted');
    const headers = { host: 'grove.test:8080' };
    expect((await get('/robots.txt', headers)).body).toContain('Sitemap: http://grove.test:8080/sitemap.xml');
    expect(sitemapOf((await get('/sitemap.xml', headers)).body).url.map((url) => url.loc)).toContain(`http://grove.test:8080/blog/${post.id}`);
    expect(feedOf((await get('/feed.xml', headers)).body).channel.item?.[0]?.link).toBe(`http://grove.test:8080/blog/${post.id}`);
  });

  it('never lets the web app\'s fallback answer these paths with its HTML', async () => {
    expect((await get('/blog')).body).toContain('<div id="root">');
    for (const url of ['/sitemap.xml', '/feed.xml', '/robots.txt']) {
      expect(isSpaPath(url), url).toBe(false);
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).not.toContain('text/html');
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });
});

describe('sitemap, feed and robots.txt with PUBLIC_URL', () => {
  const t = useContentApp('pglite', { publicUrl: 'https://grove.example' });

  it('write every link on PUBLIC_URL, whatever Host the request names', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/posts', headers: t.admin,
      payload: { title: 'Public', excerpt: 'x', content: '<p>x</p>', image_url: '/storage/blog_images/a.png' },
    });
    const { id } = blogPostSchema.parse(response.json());
    const headers = { host: 'forged.example' };
    const robots = await t.app.inject({ url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: https://grove.example/sitemap.xml');
    // The output does not follow the Host, so caches need not key on it.
    expect(robots.headers.vary).toBe('Accept-Encoding');
    const urls = sitemapOf((await t.app.inject({ url: '/sitemap.xml', headers })).body).url.map((url) => url.loc);
    expect(urls).toContain(`https://grove.example/blog/${id}`);
    expect(urls.every((url) => url.startsWith('https://grove.example/'))).toBe(true);
    const { channel } = feedOf((await t.app.inject({ url: '/feed.xml', headers })).body);
    expect(channel.link).toBe('https://grove.example/blog');
    expect(channel['atom:link']['@_href']).toBe('https://grove.example/feed.xml');
    expect(channel.item?.[0]).toMatchObject({
      link: `https://grove.example/blog/${id}`,
      'media:content': { '@_url': 'https://grove.example/storage/blog_images/a.png' },
    });
  });
});

describe('with no web build', () => {
  it('still serves the documents: they come from the server, not from apps/web/dist', async () => {
    const database = await openTestDatabase('pglite');
    const app = await testApp(database);
    try {
      for (const url of ['/sitemap.xml', '/feed.xml', '/robots.txt']) expect((await app.inject(url)).statusCode, url).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the sitemap and the feed are cached until content changes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof testApp>>;
  // The lean post read behind both documents (seo.repository.ts), counted.
  let postReads = 0;
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('reads the database once per change, whatever the number of readers; Vary names the Host without PUBLIC_URL', async () => {
    database = await openTestDatabase('pglite');
    const db = database.db;
    const counted: typeof db = Object.assign(Object.create(db) as typeof db, {
      query: (sql: string, params?: Parameters<typeof db.query>[1]) => {
        if (sql.includes('select id, title, excerpt, image_url')) postReads += 1;
        return db.query(sql, params);
      },
    });
    app = await testApp({ ...database, db: counted });
    for (let i = 0; i < 20; i += 1) {
      for (const url of ['/sitemap.xml', '/feed.xml']) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers.vary, url).toBe('Accept-Encoding, Host');
      }
    }
    expect(postReads).toBe(2);
    const admin = await adminHeaders(app);
    const created = await app.inject({ method: 'POST', url: '/api/posts', headers: admin, payload: { title: 'New', excerpt: 'x', content: '<p>x</p>' } });
    const { id } = blogPostSchema.parse(created.json());
    expect(feedOf((await app.inject('/feed.xml')).body).channel.item?.[0]?.link).toBe(`${ORIGIN}/blog/${id}`);
    expect(sitemapOf((await app.inject('/sitemap.xml')).body).url.map((url) => url.loc)).toContain(`${ORIGIN}/blog/${id}`);
    expect(postReads).toBe(4);
  });
});

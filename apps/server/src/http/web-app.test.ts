import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PageRenderRequest, RenderPage } from '@grove/domain/ssr/page-render';
import { ByteCache } from './byte-cache.ts';
import { PublicCache } from './public-cache.ts';
import { isSpaPath, registerWebApp, type WebAppOptions } from './web-app.ts';

/**
 * For one describe block: a stand-in for apps/web/dist (its index.html and `files`) served by a Fastify app that
 * `setUp` may add routes to. Read `served.app` inside hooks and tests.
 */
interface StandIn {
  fastify?: FastifyInstance;
  files?: Record<string, string>;
  routes?: (app: FastifyInstance) => void;
}

function useWebApp(indexHtml: string, options: WebAppOptions, setUp: StandIn = {}): { app: FastifyInstance } {
  const served = {} as { app: FastifyInstance };
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'grove-dist-'));
    for (const [name, text] of Object.entries({ 'index.html': indexHtml, ...setUp.files })) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), text);
    }
    served.app = setUp.fastify ?? Fastify();
    setUp.routes?.(served.app);
    await registerWebApp(served.app, dist, options);
    await served.app.ready();
  });
  afterAll(async () => {
    await served.app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  return served;
}

describe('isSpaPath', () => {
  it('never gives index.html for the API, storage or robots.txt', () => {
    for (const path of ['/api', '/api/health', '/api/posts/1', '/storage', '/storage/blog_images/a.png', '/robots.txt', '/assets/index-old.js']) {
      expect(isSpaPath(path), path).toBe(false);
    }
    for (const path of ['/', '/dashboard', '/blog/42', '/notes-and-docs/page-1', '/apis', '/storage-room']) {
      expect(isSpaPath(path), path).toBe(true);
    }
  });
});

describe('serving the built web app', () => {
  const served = useWebApp('<!doctype html><title>Grove</title><div id="root"></div>', {}, {
    files: { 'assets/index-abc123.js': 'console.log("app")', 'theme-init.js': '/* theme */' },
    routes: (app) => app.get('/api/health', () => ({ status: 'ok' })),
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await served.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('console.log');
  });

  it('revalidates files that are not hashed', async () => {
    const response = await served.app.inject('/theme-init.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers app routes with index.html, revalidated and noindex', async () => {
    for (const url of ['/', '/dashboard', '/blog/7?ref=x', '/notes-and-docs/page-1']) {
      const response = await served.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API, storage and robots paths with a JSON 404, never index.html', async () => {
    for (const url of ['/api/nope', '/storage/blog_images/missing.png', '/robots.txt', '/api']) {
      const response = await served.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('does not answer writes with index.html', async () => {
    const response = await served.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
  });

  it('still serves the API', async () => {
    const response = await served.app.inject('/api/health');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('serving server-rendered pages', () => {
  const SHELL = '<!doctype html><head><title>Grove</title><script src="/theme-init.js"></script></head><body><div id="root"></div></body>';
  const requests: PageRenderRequest[] = [];
  let read: Awaited<ReturnType<PageRenderRequest['readApi']>> | undefined;

  const render: RenderPage = async (request) => {
    requests.push(request);
    if (request.url.startsWith('/dashboard')) return { kind: 'shell' };
    if (request.url === '/broken') throw new Error('render failed');
    if (request.url === '/blog') read = await request.readApi('/api/posts');
    const missing = request.url === '/blog/gone';
    return {
      kind: 'page', status: missing ? 404 : 200, hydrate: !missing, strings: '{}',
      head: `<title>Page ${request.url} &amp; more</title>`, body: `<main>Rendered ${request.url}</main>`, state: '{"queries":[]}',
    };
  };

  const served = useWebApp(SHELL, { renderPage: render }, {
    fastify: Fastify({ trustProxy: true }), routes: (app) => app.get('/api/posts', () => [{ id: 'p1' }]),
  });

  it('puts the page\'s head, body and data into the shell, for the browser to take over', async () => {
    const response = await served.app.inject('/about?ref=x');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(response.body).toBe('<!doctype html><head><title>Page /about?ref=x &amp; more</title><script src="/theme-init.js"></script></head>'
      + '<body><div id="root" data-ssr="hydrate"><main>Rendered /about?ref=x</main></div>'
      + '<script type="application/json" id="grove-query-state">{"queries":[]}</script></body>');
    expect(requests.at(-1)?.url).toBe('/about?ref=x');
  });

  it('writes absolute links with the request\'s origin, behind a trusted proxy too', async () => {
    await served.app.inject({ url: '/about', headers: { host: 'grove.example', 'x-forwarded-proto': 'https' } });
    expect(requests.at(-1)?.origin).toBe('https://grove.example');
  });

  it('reads the site\'s own API in-process', async () => {
    await served.app.inject('/blog');
    expect(read).toMatchObject({ status: 200, body: '[{"id":"p1"}]' });
    expect(read?.headers['content-type']).toContain('application/json');
  });

  it('keeps the page\'s status, and an error page is rendered afresh in the browser', async () => {
    const response = await served.app.inject('/blog/gone');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root" data-ssr="static"><main>Rendered /blog/gone</main>');
  });

  it('sends the shell, noindex, for what the app renders itself and when rendering fails', async () => {
    for (const url of ['/dashboard', '/broken']) {
      const response = await served.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.body, url).toBe(SHELL);
    }
  });

  it('compresses the page and answers a repeat visit with 304', async () => {
    const gzipped = await served.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    // The page's links follow the Host when PUBLIC_URL is unset (decision 067).
    expect(gzipped.headers.vary).toBe('Accept-Encoding, Host');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain('Rendered /about');
    const brotli = await served.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const etag = String(gzipped.headers.etag);
    const again = await served.app.inject({ url: '/about', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('rendered pages kept until content changes (decision 066)', () => {
  const cache = new PublicCache(new ByteCache());
  const rendered: string[] = [];
  const render: RenderPage = (request) => {
    rendered.push(`${request.origin}${request.url}`);
    const missing = request.url.startsWith('/blog/') && request.url !== '/blog/known';
    return Promise.resolve({
      kind: 'page', status: missing ? 404 : 200, hydrate: !missing, strings: '{}',
      // Over 1 KiB, so it is kept compressed too. A missing post's page names no id (decision 066).
      head: '<title>Page</title>',
      body: `<main>${missing ? 'Post not found' : `Rendered ${request.url}`} #${rendered.length}${' text'.repeat(300)}</main>`,
      state: '{"queries":[]}',
    });
  };
  const renders = (url: string) => rendered.filter((entry) => entry === `http://localhost:80${url}`).length;

  let idReads = 0;
  const postIds = () => {
    idReads += 1;
    return Promise.resolve(new Set(['known']));
  };
  const served = useWebApp('<!doctype html><title>Grove</title><div id="root"></div>', { renderPage: render, cache, postIds });

  it('renders a page once per change, and every error page, query or other spelling each time', async () => {
    const first = await served.app.inject('/about');
    const again = await served.app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(renders('/about')).toBe(1);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString('utf8')).toBe(first.body);
    expect(first.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding, Host' });
    expect((await served.app.inject({ url: '/about', headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(304);
    // Another origin is another page (its links differ).
    await served.app.inject({ url: '/about', headers: { host: 'grove.example' } });
    expect(rendered.filter((entry) => entry === 'http://grove.example/about')).toHaveLength(1);
    for (const url of ['/about?ref=1', '/About']) {
      await served.app.inject(url);
      await served.app.inject(url);
      expect(renders(url), url).toBe(2);
    }
    // Unknown posts: the one not-found page, rendered once for a stand-in id and kept as a 404.
    const unknown = ['/blog/gone', '/blog/3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09', '/blog/missing-too'];
    const pages = new Set<string>();
    for (const url of unknown) {
      const response = await served.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-encoding'], url).toBe('gzip');
      pages.add(gunzipSync(response.rawPayload).toString('utf8'));
      expect(renders(url), url).toBe(0);
    }
    expect([...pages]).toHaveLength(1);
    expect([...pages][0]).toContain('<main>Post not found #');
    expect(rendered.filter((entry) => entry.includes('/blog/grove-not-found-post'))).toHaveLength(1);
    expect(idReads).toBe(unknown.length);
    // A known post's page is rendered once and kept: later visits need neither a render nor the ids.
    expect((await served.app.inject('/blog/known')).statusCode).toBe(200);
    expect((await served.app.inject('/blog/known')).statusCode).toBe(200);
    expect(renders('/blog/known')).toBe(1);
    expect(idReads).toBe(unknown.length + 1);
    // A spelling a link never gives is rendered as it is.
    expect((await served.app.inject('/blog/Gone')).statusCode).toBe(404);
    expect(renders('/blog/Gone')).toBe(1);
    cache.invalidate();
    expect((await served.app.inject('/about')).body).not.toBe(first.body);
    expect(renders('/about')).toBe(2);
  });
});

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { PageRenderResult, RenderBlogCards, RenderPage } from '@grove/domain/ssr/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCached } from './cached-reply.ts';
import { ifNoneMatch } from './etag.ts';
import { toCachedText, type PublicCache } from './public-cache.ts';
import { apiReader, encodePage, loadServerEntry, pageTemplate } from './rendered-page.ts';
import { siteOrigin } from './site-origin.ts';

// Paths the single-page app must never answer with index.html.
// A missing build file is a 404, not the app (a page still holding an older build asks for its chunks).
const NON_SPA_PREFIXES = ['/api/', '/storage/', '/assets/'];
const NON_SPA_EXACT = new Set(['/api', '/storage', '/robots.txt', '/sitemap.xml', '/feed.xml']);

export function isSpaPath(urlPath: string): boolean {
  if (NON_SPA_EXACT.has(urlPath)) return false;
  return !NON_SPA_PREFIXES.some((prefix) => urlPath.startsWith(prefix));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebAppOptions {
  /** PUBLIC_URL: the origin a rendered page's absolute links use (http/site-origin.ts). */
  publicUrl?: string;
  /** Renders the public pages; by default the web build's server entry beside dist (dist-ssr/entry-server.js). */
  renderPage?: RenderPage;
  /** Renders the blog's next cards (GET /api/blog-cards); by default the same entry's. */
  renderBlogCards?: RenderBlogCards;
  /** Where rendered pages are kept until content changes (decision 066); without it every page is rendered. */
  cache?: PublicCache;
  /** Every post's id (kept until content changes): an unknown post's page is then the one kept not-found page. */
  postIds?: () => Promise<ReadonlySet<string>>;
}

const HTML = 'text/html; charset=utf-8';

/** A post's page, with an id that needs no escaping anywhere a page writes it (URL, HTML, JSON). */
const POST_PAGE = /^\/blog\/([a-z0-9_-]{1,100})$/;
/** The id the one not-found post page is rendered for; no post can have it (not a UUID). */
const STAND_IN_ID = 'grove-not-found-post-0000';

/**
 * Serves the built web app: hashed assets with a year-long immutable cache, everything else revalidated. A page
 * request gets its page rendered on the server when it is a public one (decision 054), otherwise the app shell
 * (index.html), marked noindex, for the client router to take.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined, options: WebAppOptions = {}): Promise<void> {
  const indexFile = webDistDir === undefined ? undefined : path.join(webDistDir, 'index.html');
  const hasBuild = webDistDir !== undefined && indexFile !== undefined && existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(webDistDir, filePath);
        reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn('No web build found; run `npm run build` (the API still works).');
  }

  const render = hasBuild ? await pageRenderer(app, webDistDir, indexFile, options) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isSpaPath(urlPath);
    if (!wantsPage || !hasBuild) return reply.code(404).send({ error: 'Not found.' });
    if (render && await render(request, reply)) return reply;
    // The app shell: the workspace and admin live in each visitor's browser, nothing there is for search engines.
    return reply.header('Cache-Control', 'no-cache').header('X-Robots-Tag', 'noindex').type('text/html; charset=utf-8').sendFile('index.html');
  });
}

type PageResponder = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** Answers a public page with its server-rendered HTML; false when the request is for the app shell. */
async function pageRenderer(
  app: FastifyInstance, webDistDir: string, indexFile: string, options: WebAppOptions,
): Promise<PageResponder | undefined> {
  const entry = options.renderPage ? undefined : await loadServerEntry(path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));
  const renderPage = options.renderPage ?? entry?.render;
  if (!renderPage) {
    app.log.warn('No server entry found beside the web build: public pages are rendered in the browser only.');
    return undefined;
  }
  // The public pages' template (decision 075); a build without it has its pages taken over by the app, as before.
  const publicFile = path.join(webDistDir, 'public-page.html');
  const publicHtml = existsSync(publicFile) ? readFileSync(publicFile, 'utf8') : undefined;
  const pageHtml = pageTemplate(readFileSync(indexFile, 'utf8'), publicHtml);
  if (!pageHtml) throw new Error(`${indexFile} or ${publicFile} lacks the <title>Grove</title> or <div id="root"></div> a rendered page goes in.`);
  const readApi = apiReader(app);
  const renderBlogCards = options.renderBlogCards ?? entry?.renderBlogCards;
  if (renderBlogCards) registerBlogCards(app, renderBlogCards, readApi, options.publicUrl);

  // A page's HTML depends on its address, the origin and the content only: kept until content changes, for the
  // addresses a link gives (lower case, no query), so made-up variants of an address cannot multiply entries.
  const vary = options.publicUrl ? 'Accept-Encoding' : 'Accept-Encoding, Host';
  const cacheKey = (request: FastifyRequest) =>
    (options.cache && !request.url.includes('?') && request.url === request.url.toLowerCase()
      ? `page:${siteOrigin(request, options.publicUrl)}${request.url}` : undefined);

  const renderHtml = async (request: FastifyRequest): Promise<PageRenderResult | undefined> => {
    try {
      return await renderPage({ url: request.url, origin: siteOrigin(request, options.publicUrl), readApi });
    } catch (error) {
      // The browser can still render it: the visitor gets the page, only without the head start.
      request.log.error({ err: error }, 'server rendering failed');
      return undefined;
    }
  };

  // Every unknown post has the same page (decision 066): nothing in it names the id. Rendered once per origin for a
  // stand-in id and kept as a 404, so a miss costs a look in the kept set of ids and one write, as a hit does.
  const sendNotFoundPost = async (request: FastifyRequest, reply: FastifyReply, cache: PublicCache): Promise<boolean> => {
    const origin = siteOrigin(request, options.publicUrl);
    const page = await cache.getBody(`not-found-post:${origin}`, async () => {
      const rendered = await renderPage({ url: `/blog/${STAND_IN_ID}`, origin, readApi });
      const html = rendered.kind === 'page' && rendered.status === 404 ? pageHtml(rendered) : '';
      return html && !html.includes(STAND_IN_ID) ? { ...toCachedText(html, HTML, { vary }), status: 404 } : null;
    }).catch(() => null);
    if (!page) return false;
    sendCached(request, reply, page);
    return true;
  };

  /** Whether a post page's address names no post: never for a kept page, otherwise by the kept set of post ids. */
  const isUnknownPost = async (request: FastifyRequest, key: string | undefined): Promise<boolean> => {
    const id = key === undefined ? undefined : POST_PAGE.exec(request.url)?.[1];
    if (id === undefined || !options.postIds || options.cache?.peek(key!) !== undefined) return false;
    return !(await options.postIds()).has(id);
  };

  return async (request, reply) => {
    const key = cacheKey(request);
    if (options.cache && await isUnknownPost(request, key) && await sendNotFoundPost(request, reply, options.cache)) return true;
    let page: PageRenderResult | undefined;
    if (key !== undefined && options.cache) {
      // Only a whole, current page is kept: an error page or a shell is rendered on every request.
      const cached = await options.cache.getBody(key, async () => {
        page = await renderHtml(request);
        return page?.kind === 'page' && page.status === 200 && page.hydrate ? toCachedText(pageHtml(page), HTML, { vary }) : null;
      });
      if (cached) {
        sendCached(request, reply, cached);
        return true;
      }
    }
    // Not kept, or another request's render of the same address was not: this request renders its own.
    page ??= await renderHtml(request);
    if (page?.kind !== 'page') return false;
    const encoded = await encodePage(pageHtml(page), request.headers['accept-encoding']);
    reply.header('Cache-Control', 'no-cache').header('ETag', encoded.etag).header('Vary', vary);
    if (page.status === 200 && ifNoneMatch(request.headers['if-none-match'], encoded.etag)) {
      await reply.code(304).send();
      return true;
    }
    if (encoded.encoding) reply.header('Content-Encoding', encoded.encoding);
    await reply.code(page.status).type(HTML).send(encoded.body);
    return true;
  };
}

/** The largest cursor a request may carry: the API's cursors are far shorter (a time and an id, base64url). */
const MAX_CURSOR_LENGTH = 200;

/**
 * GET /api/blog-cards?before=<cursor>: the blog's next page of cards as server-rendered HTML (decision 075, Load more
 * on a page the browser keeps), `{ html, nextCursor }`; without a cursor, the first page. The posts are read through
 * the site's own API in-process, so a made-up cursor gets the API's own answer (400, or the page it lands on) and
 * keeps nothing per cursor (issue 31).
 */
function registerBlogCards(
  app: FastifyInstance, renderBlogCards: RenderBlogCards, readApi: ReturnType<typeof apiReader>, publicUrl: string | undefined,
): void {
  app.get('/api/blog-cards', async (request, reply) => {
    const { before } = request.query as { before?: unknown };
    if (before !== undefined && (typeof before !== 'string' || before.length === 0 || before.length > MAX_CURSOR_LENGTH)) {
      return reply.code(400).send({ error: 'Invalid cursor.' });
    }
    const result = await renderBlogCards({ before: before ?? null, origin: siteOrigin(request, publicUrl), readApi });
    if (result.kind === 'failed') {
      // The API's own status and error, as the browser would have had them reading the page itself.
      return reply.code(result.status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(result.body);
    }
    // The content changes without the address changing: always asked again.
    return reply.header('Cache-Control', 'no-cache').send({ html: result.html, nextCursor: result.nextCursor });
  });
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { PageRenderRequest, PageRenderResult, RenderBlogCards, RenderPage } from '@grove/domain/ssr/page-render';
import type { FastifyInstance } from 'fastify';
import { preferredCoding } from './content-coding.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Where the built app shell takes a rendered page's parts (apps/web/index.html).
const TITLE = '<title>Grove</title>';
const ROOT = '<div id="root"></div>';
/** The element main.tsx and query-client.ts read (SERVER_STATE_ELEMENT_ID there). */
const STATE_ID = 'grove-query-state';

/** The web app's server entry: the page renderer, and the blog's next cards when the build has them (decision 075). */
export interface ServerEntry {
  render: RenderPage;
  renderBlogCards: RenderBlogCards | undefined;
}

/** Loads the web app's server entry (apps/web/dist-ssr/entry-server.js, decision 054), or undefined without one. */
export async function loadServerEntry(entryFile: string): Promise<ServerEntry | undefined> {
  if (!existsSync(entryFile)) return undefined;
  type Entry = { render?: RenderPage; renderBlogCards?: RenderBlogCards };
  const entry = await import(/* @vite-ignore */ pathToFileURL(entryFile).href) as Entry;
  if (typeof entry.render !== 'function') throw new Error(`${entryFile} exports no render function.`);
  return { render: entry.render, renderBlogCards: typeof entry.renderBlogCards === 'function' ? entry.renderBlogCards : undefined };
}

/** The element the public pages' scripts read their texts from (PUBLIC_STRINGS_ID in apps/web/src/public/strings.ts). */
const STRINGS_ID = 'grove-public-strings';

type RenderedPage = Extract<PageRenderResult, { kind: 'page' }>;

/** An HTML template split around the title and the root element, or undefined when it lacks either. */
function splitTemplate(html: string): [start: string, middle: string, end: string] | undefined {
  const title = html.indexOf(TITLE);
  const root = html.indexOf(ROOT);
  if (title < 0 || root < title) return undefined;
  return [html.slice(0, title), html.slice(title + TITLE.length, root), html.slice(root + ROOT.length)];
}

/**
 * A rendered page in its template, or undefined when a template lacks the places it goes. A page the browser keeps
 * as it is goes into the public pages' template (decision 075: small scripts enhance it, `data-ssr="enhance"`, with
 * their texts); an error page, or any page when the build has no public template, into the app shell, which renders
 * it afresh (`static`) or takes it over (`hydrate`) with the data it was rendered from.
 */
export function pageTemplate(indexHtml: string, publicHtml?: string): ((page: RenderedPage) => string) | undefined {
  const app = splitTemplate(indexHtml);
  const enhanced = publicHtml === undefined ? undefined : splitTemplate(publicHtml);
  if (!app || (publicHtml !== undefined && !enhanced)) return undefined;
  return (page) => {
    if (page.hydrate && enhanced) {
      const [start, middle, end] = enhanced;
      return `${start}${page.head}${middle}<div id="root" data-ssr="enhance">${page.body}</div>`
        + `<script type="application/json" id="${STRINGS_ID}">${page.strings}</script>${end}`;
    }
    const [start, middle, end] = app;
    return `${start}${page.head}${middle}<div id="root" data-ssr="${page.hydrate ? 'hydrate' : 'static'}">${page.body}</div>`
      + `<script type="application/json" id="${STATE_ID}">${page.state}</script>${end}`;
  };
}

/** GET of the site's own API in-process: the page is rendered from the same answers (and caches) a browser gets. */
export function apiReader(app: FastifyInstance): PageRenderRequest['readApi'] {
  return async (path) => {
    if (!path.startsWith('/api/')) throw new Error(`A page may only read the API (asked for ${path}).`);
    const response = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    const contentType = response.headers['content-type'];
    const headers: Record<string, string> = typeof contentType === 'string' ? { 'content-type': contentType } : {};
    return { status: response.statusCode, headers, body: response.body };
  };
}

export interface EncodedPage {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
  etag: string;
}

/** The page compressed the best way the client accepts (brotli, gzip, or none), with an ETag of its text. */
export async function encodePage(html: string, acceptEncoding: string | undefined): Promise<EncodedPage> {
  const text = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha1').update(text).digest('base64url')}"`;
  const coding = preferredCoding(acceptEncoding);
  if (coding === 'br') {
    return { body: await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br', etag };
  }
  if (coding === 'gzip') return { body: await gz(text), encoding: 'gzip', etag };
  return { body: text, encoding: undefined, etag };
}

// The contract between the server and the web app's server entry (apps/web/src/entry-server.tsx, decision 054):
// the server loads the built entry at start and asks it for the HTML of each page request.

/** The answer to a GET of the site's own API. */
export interface ApiReadResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A page request: its URL (path and query), the origin absolute links use, and a reader of the site's own API. */
export interface PageRenderRequest {
  url: string;
  origin: string;
  /** GETs `/api/...` in-process: the same answers, and caches, as a browser gets. */
  readApi: (path: string) => Promise<ApiReadResponse>;
}

export type PageRenderResult =
  /** Not a public page (the workspace, admin, unknown paths): the browser renders it from the app shell. */
  | { kind: 'shell' }
  | {
    kind: 'page';
    status: number;
    /** The title and the screen's head tags (description, canonical, Open Graph, Twitter card, JSON-LD). */
    head: string;
    /** The rendered app, for `<div id="root">`. */
    body: string;
    /** The server data the page was rendered with (TanStack Query's dehydrated state), as JSON. */
    state: string;
    /** Whether the browser keeps this HTML as it is and enhances it (decision 075); an error page is rendered afresh by the app. */
    hydrate: boolean;
    /** The texts the public pages' scripts show (apps/web/src/public/strings.ts), as JSON. */
    strings: string;
  };

export type RenderPage = (request: PageRenderRequest) => Promise<PageRenderResult>;

/** A request for the blog's next cards (decision 075, Load more): the cursor the last page gave, or null for the first. */
export interface BlogCardsRequest {
  before: string | null;
  origin: string;
  readApi: PageRenderRequest['readApi'];
}

/**
 * The cards of one page of the blog as HTML, with the cursor of the page after it (null: none); or the API's own
 * failure (a made-up cursor is its 400) with its status and body.
 */
export type BlogCardsResult =
  | { kind: 'cards'; html: string; nextCursor: string | null }
  | { kind: 'failed'; status: number; body: string };

export type RenderBlogCards = (request: BlogCardsRequest) => Promise<BlogCardsResult>;

/**
 * What a rendered post page's state holds instead of the post's content (decision 066): the content is in the HTML
 * already, as the page's one `[data-rich-html]` element, and the browser takes it from there before hydrating.
 */
export const CONTENT_IN_PAGE = 'grove:content-in-page';
export const CONTENT_IN_PAGE_SELECTOR = '[data-rich-html]';

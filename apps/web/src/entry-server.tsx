// The server's way into the app (decision 054): the public pages (landing, blog, posts, static pages) rendered to
// HTML with the same components the browser runs, with their data and head tags, so crawlers and link previews
// see the content and the browser takes the HTML over (main.tsx) without a flash. Built by `vite build --ssr`
// into dist-ssr/ and loaded by apps/server/src/http/web-app.ts.
import '@/i18n/i18n.ts';
import { postIdSchema } from '@grove/domain/content/blog-post';
import { SITE_CONTENT_SLUGS } from '@grove/domain/content/site-content';
import {
  CONTENT_IN_PAGE, type BlogCardsRequest, type BlogCardsResult, type PageRenderRequest, type PageRenderResult,
} from '@grove/domain/ssr/page-render';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { normalisePath } from '@/app/route-guards.ts';
import { AppRoutes } from '@/app/router.tsx';
import { BlogCardItem } from '@/features/blog/blog-card.tsx';
import { createApiClient, type ApiClient } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { PageMetaCollector, pageHeadHtml, SiteOriginContext, type PageMeta } from '@/lib/page-meta.ts';
import { PUBLIC_PATHS } from '@/lib/paths.ts';
import { createQueryClient } from '@/lib/queries/query-client.ts';
import { PublicScriptsContext } from '@/lib/public-scripts.ts';
import { postKeys } from '@/lib/queries/query-keys.ts';
import { BLOG_PAGE_SIZE, postPagesQuery, postQuery, siteContentQuery } from '@/lib/queries/query-options.ts';
import { ServerQueryClientContext } from '@/lib/queries/query-provider.tsx';
import { i18next } from '@/i18n/i18n.ts';
import { PUBLIC_STRING_KEYS } from '@/public/strings.ts';

/** A render that has not finished by then is abandoned: the server sends the app shell instead. */
const RENDER_TIMEOUT_MS = 5000;

type Prefetch = (client: QueryClient, api: ApiClient, params: Record<string, string | undefined>) => Promise<void>;

const nothing: Prefetch = async () => {};

/** The pages the server renders, with the server data each one shows. */
const PAGES: ReadonlyArray<{ path: string; prefetch: Prefetch }> = [
  { path: PUBLIC_PATHS.home, prefetch: nothing },
  { path: PUBLIC_PATHS.blog, prefetch: (client, api) => client.prefetchInfiniteQuery(postPagesQuery(BLOG_PAGE_SIZE, api)) },
  {
    path: `${PUBLIC_PATHS.blog}/:postId`,
    // An id that cannot name a post is not asked for, as in the browser (blog-post-screen.tsx).
    prefetch: async (client, api, { postId = '' }) => {
      if (postIdSchema.safeParse(postId).success) await client.prefetchQuery(postQuery(postId, api));
    },
  },
  ...SITE_CONTENT_SLUGS.map((slug) => ({ path: `/${slug}`, prefetch: ((client, api) => client.prefetchQuery(siteContentQuery(slug, api))) satisfies Prefetch })),
];

function apiClient(request: Pick<PageRenderRequest, 'readApi'>): ApiClient {
  return createApiClient({
    // The API client asks for paths only ('/api/posts?limit=12').
    fetch: async (input) => {
      const answer = await request.readApi(input as string);
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    },
  });
}

/** The public pages' texts as templates ({{name}} kept), read once: they change only with a new build. */
let publicStrings: string | undefined;
function publicStringsJson(): string {
  publicStrings ??= JSON.stringify(Object.fromEntries(PUBLIC_STRING_KEYS.map((key) => {
    const template: unknown = i18next.getResource('en', 'translation', key);
    if (typeof template !== 'string') throw new Error(`The public pages' text ${key} is missing from the i18n files.`);
    return [key, template];
  }))).replace(/</g, '\\u003c');
  return publicStrings;
}

/** The status a failed read gives the page: 404 for a post or page that does not exist, 503 otherwise. */
function failureStatus(client: QueryClient): number | null {
  const failed = client.getQueryCache().getAll().find((query) => query.state.status === 'error');
  if (!failed) return null;
  const error = failed.state.error;
  return error instanceof ApiError && error.code === 'notFound' ? 404 : 503;
}

/** The state with each post's content replaced by CONTENT_IN_PAGE: the page's HTML carries it once (decision 066). */
function withContentInPage(state: DehydratedState): DehydratedState {
  const details = postKeys.details();
  return {
    ...state,
    queries: state.queries.map((query) => {
      const data = query.state.data as { content?: unknown } | undefined;
      const isDetail = details.every((part, index) => query.queryKey[index] === part);
      if (!isDetail || typeof data?.content !== 'string') return query;
      return { ...query, state: { ...query.state, data: { ...data, content: CONTENT_IN_PAGE } } };
    }),
  };
}

export async function render(request: PageRenderRequest): Promise<PageRenderResult> {
  const { pathname } = new URL(request.url, request.origin);
  const path = normalisePath(pathname);
  const page = PAGES.map((candidate) => ({ candidate, match: matchPath(candidate.path, path) })).find(({ match }) => match !== null);
  if (!page?.match) return { kind: 'shell' };

  const client = createQueryClient();
  await page.candidate.prefetch(client, apiClient(request), page.match.params);

  const metas: PageMeta[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <SiteOriginContext value={request.origin}>
        <PageMetaCollector value={(meta) => metas.push(meta)}>
          <ServerQueryClientContext value={client}>
            <Providers>
              <StaticRouter location={request.url}>
                {/* A page the browser keeps is enhanced by the public pages' scripts (decision 075). */}
                <PublicScriptsContext value>
                  <AppRoutes />
                </PublicScriptsContext>
              </StaticRouter>
            </Providers>
          </ServerQueryClientContext>
        </PageMetaCollector>
      </SiteOriginContext>
    </StrictMode>,
    { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) },
  );
  const body = await new Response(prelude).text();
  const meta = metas.at(-1);
  if (!meta) throw new Error(`The page ${path} set no head tags.`);

  const failure = failureStatus(client);
  const notFound = meta.noIndex === true && failure === null;
  return {
    kind: 'page',
    status: failure ?? (notFound ? 404 : 200),
    head: pageHeadHtml(meta, request.origin),
    body,
    // '<' escaped so no content can close the script element that carries it.
    state: JSON.stringify(withContentInPage(dehydrate(client))).replace(/</g, '\\u003c'),
    hydrate: failure === null && !notFound,
    strings: publicStringsJson(),
  };
}

/**
 * The blog's next cards (decision 075, Load more on a server-rendered page): one page of posts read through the
 * site's own API, as the browser would ask for it, rendered with the blog's own card.
 */
export async function renderBlogCards(request: BlogCardsRequest): Promise<BlogCardsResult> {
  const path = `/api/posts?limit=${BLOG_PAGE_SIZE}${request.before === null ? '' : `&before=${encodeURIComponent(request.before)}`}`;
  const answer = await request.readApi(path);
  if (answer.status !== 200) return { kind: 'failed', status: answer.status, body: answer.body };
  const page = await apiClient({ readApi: () => Promise.resolve(answer) }).listPostsPage(BLOG_PAGE_SIZE, request.before);
  const { prelude } = await prerender(
    <SiteOriginContext value={request.origin}>
      <Providers>
        <StaticRouter location={PUBLIC_PATHS.blog}>
          {/* The list's items as blog-list-screen.tsx renders them; a next page is never the first row. */}
          {page.posts.map((post) => <BlogCardItem key={post.id} post={post} />)}
        </StaticRouter>
      </Providers>
    </SiteOriginContext>,
    { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) },
  );
  return { kind: 'cards', html: await new Response(prelude).text(), nextCursor: page.nextCursor };
}

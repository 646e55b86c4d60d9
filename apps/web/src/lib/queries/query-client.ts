import { CONTENT_IN_PAGE, CONTENT_IN_PAGE_SELECTOR } from '@grove/domain/ssr/page-render';
import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error.ts';

/** Retries a failed read twice when trying again can help (no connection, a 5xx, a 429); never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Realtime events patch or invalidate the cache (realtime-bridge.ts), so data shown is kept fresh
        // without refetching on every mount or window focus.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}

/** Where a server-rendered page carries the data it was rendered with (apps/server/src/http/web-app.ts). */
export const SERVER_STATE_ELEMENT_ID = 'grove-query-state';

/** The server's data for this page, once: read and removed from the document. */
function takeServerState(): DehydratedState | undefined {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return withContentFromPage(JSON.parse(element.textContent ?? '') as DehydratedState);
  } catch {
    return undefined;
  }
}

/**
 * A post's content is sent once, in the page's HTML (decision 066): the state says CONTENT_IN_PAGE, and the content
 * is the rendered article's HTML. Without the article, the query is left out, so the page fetches it.
 */
export function withContentFromPage(state: DehydratedState, root: ParentNode = document): DehydratedState {
  const article = root.querySelector(CONTENT_IN_PAGE_SELECTOR);
  const queries = state.queries.flatMap((query) => {
    const data = query.state.data as { content?: unknown } | undefined;
    if (data?.content !== CONTENT_IN_PAGE) return [query];
    if (!article) return [];
    return [{ ...query, state: { ...query.state, data: { ...data, content: article.innerHTML } } }];
  });
  return { ...state, queries };
}

let shared: QueryClient | undefined;

/**
 * One cache for the site and the admin screens, so moving between them keeps what was loaded. It starts with the
 * data a server-rendered page was rendered with, so the browser's first render matches the HTML it takes over.
 */
export function sharedQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    const state = takeServerState();
    if (state) hydrate(shared, state);
  }
  return shared;
}

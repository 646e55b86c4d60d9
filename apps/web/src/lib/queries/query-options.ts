// What each screen reads from the API, as TanStack Query options: `useQuery(postQuery(id))`. The client is a
// parameter so tests can pass one over a stub fetch; screens use the shared default.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { hasAdminFlag } from '@/lib/access-flags.ts';
import { createApiClient, type ApiClient } from '@/lib/api-client.ts';
import { ADMIN_LIST, adminKeys, postKeys, siteContentKeys } from './query-keys.ts';

let defaultClient: ApiClient | undefined;
const api = () => (defaultClient ??= createApiClient());

/**
 * An admin read runs only while the admin flag is set. Logout clears the flag, then the cached admin data: a screen
 * still mounted while the app leaves for the login would otherwise fetch its removed query again, and that read,
 * landing after the session ended, was refused with 401 (the flaky routing.spec logout).
 */
const whileAdmin = () => hasAdminFlag();

/** Every post, as the admin's table and dashboard show it (summaries: the editor reads the whole post). */
export function adminPostListQuery(client: ApiClient = api()) {
  return queryOptions({
    queryKey: postKeys.list(ADMIN_LIST),
    queryFn: () => client.listAdminPosts(),
    enabled: whileAdmin,
  });
}

/** Posts per page of the blog: six rows of the two-column grid; 'Load more' fetches the next page. */
export const BLOG_PAGE_SIZE = 12;

/** The public blog, page by page (docs/product.md, Public site): 'Load more' fetches the next page. */
export function postPagesQuery(pageSize: number, client: ApiClient = api()) {
  return infiniteQueryOptions({
    queryKey: postKeys.list({ scope: 'public', pageSize }),
    queryFn: ({ pageParam }) => client.listPostsPage(pageSize, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function postQuery(postId: string, client: ApiClient = api()) {
  return queryOptions({ queryKey: postKeys.detail(postId), queryFn: () => client.getPost(postId) });
}

export function siteContentQuery(slug: string, client: ApiClient = api()) {
  return queryOptions({ queryKey: siteContentKeys.detail(slug), queryFn: () => client.getSiteContent(slug) });
}

export function siteContentListQuery(client: ApiClient = api()) {
  return queryOptions({ queryKey: siteContentKeys.list(), queryFn: () => client.listSiteContent() });
}

export function adminStatsQuery(client: ApiClient = api()) {
  return queryOptions({ queryKey: adminKeys.stats(), queryFn: () => client.getStats(), enabled: whileAdmin });
}

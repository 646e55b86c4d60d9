// Query keys, one factory per resource. Broad keys are prefixes of the narrow ones, so one invalidation of
// `postKeys.lists()` reaches every list, whatever its scope or (later) page size.

/** Which list: the public blog (paged: `pageSize`) or the admin table. The cursor is an infinite query's page
 * parameter, not part of the key. */
export interface PostListParams {
  scope: 'public' | 'admin';
  pageSize?: number;
}

/** The admin's list of every post (summaries). */
export const ADMIN_LIST: PostListParams = { scope: 'admin' };

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (params: PostListParams) => [...postKeys.lists(), params] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  // Ids compare in lower case (the server sends them so; the API accepts either case).
  detail: (id: string) => [...postKeys.details(), id.toLowerCase()] as const,
};

export const siteContentKeys = {
  all: ['site-content'] as const,
  list: () => [...siteContentKeys.all, 'list'] as const,
  details: () => [...siteContentKeys.all, 'detail'] as const,
  detail: (slug: string) => [...siteContentKeys.details(), slug] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
};

// The one bridge from realtime change messages (lib/realtime-client.ts) to the query cache (decision 036):
// an UPDATE patches what is cached, an INSERT or DELETE invalidates the lists, and a possible gap (reconnect,
// resync) invalidates all server data.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogPostPage, BlogPostSummary } from '@grove/domain/content/blog-post';
import type { SiteContent } from '@grove/domain/content/site-content';
import type { ChangeMessage } from '@grove/domain/realtime/messages';
import type { RealtimeClient } from '@/lib/realtime-client.ts';
import { adminKeys, postKeys, siteContentKeys } from './query-keys.ts';

/** The part of the realtime client the bridge uses (tests pass a fake). */
export type RealtimeSource = Pick<RealtimeClient, 'subscribe' | 'onRefetch'>;

// invalidateQueries settles without throwing (a failed refetch lands in the query's own error state).
const invalidate = (queryClient: QueryClient, queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

function applyPostChange(queryClient: QueryClient, message: Extract<ChangeMessage, { table: 'blog_posts' }>): void {
  const post = message.new;
  if (message.event === 'UPDATE' && post) {
    // docs/product.md, Public site: a post detail merges the new fields. Only what is cached is patched: nothing is fetched for it.
    queryClient.setQueryData<BlogPost>(postKeys.detail(post.id), (cached) => (cached ? { ...cached, ...post } : undefined));
    const same = (entry: { id: string }) => entry.id.toLowerCase() === post.id.toLowerCase();
    const merge = (entry: BlogPost): BlogPost => (same(entry) ? { ...entry, ...post } : entry);
    // The admin's list keeps summaries: only their fields are patched, so it never grows by a post's content.
    const mergeSummary = (entry: BlogPostSummary): BlogPostSummary =>
      (same(entry) ? { ...entry, title: post.title, created_at: post.created_at, updated_at: post.updated_at } : entry);
    // A list is the admin's array of summaries or pages of the public blog (an infinite query).
    queryClient.setQueriesData<BlogPostSummary[] | InfiniteData<BlogPostPage>>({ queryKey: postKeys.lists() }, (list) => {
      if (list === undefined) return undefined;
      if (Array.isArray(list)) return list.map(mergeSummary);
      return { ...list, pages: list.pages.map((page) => ({ ...page, posts: page.posts.map(merge) })) };
    });
    return;
  }
  invalidate(queryClient, postKeys.lists());
  invalidate(queryClient, adminKeys.stats());
  const gone = message.old ?? post;
  if (gone) invalidate(queryClient, postKeys.detail(gone.id));
}

function applySiteContentChange(queryClient: QueryClient, message: Extract<ChangeMessage, { table: 'site_content' }>): void {
  const page = message.new;
  if (message.event === 'UPDATE' && page) {
    // docs/product.md, Public site: a content page replaces its content on an UPDATE of its row.
    queryClient.setQueryData<SiteContent>(siteContentKeys.detail(page.slug), page);
    queryClient.setQueriesData<SiteContent[]>({ queryKey: siteContentKeys.list() }, (list) =>
      list?.map((entry) => (entry.slug === page.slug ? page : entry)));
    return;
  }
  invalidate(queryClient, siteContentKeys.all);
  invalidate(queryClient, adminKeys.stats());
}

/** Applies one change message to the cache. */
export function applyChange(queryClient: QueryClient, message: ChangeMessage): void {
  if (message.table === 'blog_posts') applyPostChange(queryClient, message);
  else applySiteContentChange(queryClient, message);
}

/** Everything read from the server is stale: changes may have been missed while the connection was down. */
export function invalidateServerData(queryClient: QueryClient): void {
  for (const key of [postKeys.all, siteContentKeys.all, adminKeys.all]) invalidate(queryClient, key);
}

/**
 * Subscribes to the topics and keeps the cache in step with their changes; returns the function that stops.
 * Topics come from packages/domain/src/realtime/topics.ts (BLOG_POSTS_TOPIC, postTopic, siteContentTopic).
 */
export function bridgeRealtimeToCache(realtime: RealtimeSource, queryClient: QueryClient, topics: readonly string[]): () => void {
  const stops = topics.map((topic) => realtime.subscribe(topic, (message) => applyChange(queryClient, message)));
  stops.push(realtime.onRefetch(() => invalidateServerData(queryClient)));
  return () => {
    for (const stop of stops) stop();
  };
}

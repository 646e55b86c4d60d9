import type { BlogPost } from '@grove/domain/content/blog-post';
import type { SiteContent } from '@grove/domain/content/site-content';
import type { ChangeMessage } from '@grove/domain/realtime/messages';
import { BLOG_POSTS_TOPIC, postTopic, siteContentTopic } from '@grove/domain/realtime/topics';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys, postKeys, siteContentKeys } from './query-keys';
import { applyChange, bridgeRealtimeToCache, type RealtimeSource } from './realtime-bridge';

const post = (id: string, title: string): BlogPost => ({
  id, title, content: '<p>c</p>', excerpt: 'e', image_url: null, tags: [], author: null,
  created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z',
});
const A = '6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
const B = '0b1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
const page = (content: string): SiteContent => ({ slug: 'about', title: 'About Us', content, updated_at: '2024-01-01T00:00:00.000Z' });

const postChange = (event: 'INSERT' | 'UPDATE' | 'DELETE', next: BlogPost | null, old: BlogPost | null): ChangeMessage =>
  ({ type: 'change', topic: BLOG_POSTS_TOPIC, table: 'blog_posts', event, new: next, old });

function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(postKeys.list({ scope: 'public' }), [post(A, 'Old A'), post(B, 'B')]);
  const { id, title, created_at, updated_at } = post(A, 'Old A');
  client.setQueryData(postKeys.list({ scope: 'admin' }), [{ id, title, created_at, updated_at }]);
  client.setQueryData(postKeys.detail(A), post(A, 'Old A'));
  client.setQueryData(siteContentKeys.detail('about'), page('<p>old</p>'));
  client.setQueryData(siteContentKeys.list(), [page('<p>old</p>')]);
  client.setQueryData(adminKeys.stats(), { posts: 2, site_pages: 4, live_visitors: 0 });
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('realtime bridge', () => {
  it('patches the post and every list holding it on UPDATE, without invalidating', () => {
    const client = seededClient();
    applyChange(client, postChange('UPDATE', post(A, 'New A'), post(A, 'Old A')));
    expect(client.getQueryData<BlogPost>(postKeys.detail(A))?.title).toBe('New A');
    expect(client.getQueryData<BlogPost[]>(postKeys.list({ scope: 'public' }))?.map((p) => p.title)).toEqual(['New A', 'B']);
    // The admin's list holds summaries and stays so: the post's content is not copied into it.
    expect(client.getQueryData(postKeys.list({ scope: 'admin' }))).toEqual([expect.objectContaining({ id: A, title: 'New A' })]);
    expect(Object.keys(client.getQueryData<object[]>(postKeys.list({ scope: 'admin' }))?.[0] ?? {}).sort()).toEqual(['created_at', 'id', 'title', 'updated_at']);
    expect(isStale(client, postKeys.list({ scope: 'public' }))).toBe(false);
    expect(isStale(client, postKeys.detail(A))).toBe(false);
  });

  it('patches the post inside the public blog\'s pages (an infinite query) on UPDATE', () => {
    const client = seededClient();
    const key = postKeys.list({ scope: 'public', pageSize: 12 });
    client.setQueryData(key, { pages: [{ posts: [post(B, 'B')], nextCursor: 'c1' }, { posts: [post(A, 'Old A')], nextCursor: null }], pageParams: [null, 'c1'] });
    applyChange(client, postChange('UPDATE', post(A, 'New A'), post(A, 'Old A')));
    const pages = client.getQueryData<{ pages: { posts: BlogPost[]; nextCursor: string | null }[]; pageParams: unknown[] }>(key);
    expect(pages?.pages.map((entry) => entry.posts.map((p) => p.title))).toEqual([['B'], ['New A']]);
    expect(pages?.pageParams).toEqual([null, 'c1']);
    expect(isStale(client, key)).toBe(false);
  });

  it('does not create a cache entry for a post nobody has read', () => {
    const client = seededClient();
    applyChange(client, postChange('UPDATE', post(B, 'New B'), null));
    expect(client.getQueryData(postKeys.detail(B))).toBeUndefined();
    expect(client.getQueryData<BlogPost[]>(postKeys.list({ scope: 'public' }))?.[1]?.title).toBe('New B');
  });

  it('invalidates the lists and the stats on INSERT, and the deleted post too on DELETE', () => {
    const inserted = seededClient();
    applyChange(inserted, postChange('INSERT', post(B, 'B'), null));
    expect(isStale(inserted, postKeys.list({ scope: 'public' }))).toBe(true);
    expect(isStale(inserted, postKeys.list({ scope: 'admin' }))).toBe(true);
    expect(isStale(inserted, adminKeys.stats())).toBe(true);
    expect(isStale(inserted, postKeys.detail(A))).toBe(false);

    const deleted = seededClient();
    applyChange(deleted, postChange('DELETE', null, post(A, 'Old A')));
    expect(isStale(deleted, postKeys.list({ scope: 'public' }))).toBe(true);
    expect(isStale(deleted, postKeys.detail(A))).toBe(true);
    expect(isStale(deleted, siteContentKeys.detail('about'))).toBe(false);
  });

  it('replaces a site page and its entry in the list on UPDATE', () => {
    const client = seededClient();
    applyChange(client, { type: 'change', topic: siteContentTopic('about'), table: 'site_content', event: 'UPDATE', new: page('<p>new</p>'), old: page('<p>old</p>') });
    expect(client.getQueryData<SiteContent>(siteContentKeys.detail('about'))?.content).toBe('<p>new</p>');
    expect(client.getQueryData<SiteContent[]>(siteContentKeys.list())?.[0]?.content).toBe('<p>new</p>');
    expect(isStale(client, siteContentKeys.detail('about'))).toBe(false);
  });

  it('routes the subscribed topics into the cache, invalidates everything on a refetch, and stops', () => {
    const handlers = new Map<string, (message: ChangeMessage) => void>();
    const refetches: Array<() => void> = [];
    const realtime: RealtimeSource = {
      subscribe: (topic, handler) => {
        handlers.set(topic, handler);
        return () => handlers.delete(topic);
      },
      onRefetch: (handler) => {
        refetches.push(handler);
        return () => refetches.splice(refetches.indexOf(handler), 1);
      },
    };
    const client = seededClient();
    const stop = bridgeRealtimeToCache(realtime, client, [BLOG_POSTS_TOPIC, postTopic(A)]);
    expect([...handlers.keys()]).toEqual([BLOG_POSTS_TOPIC, postTopic(A)]);

    handlers.get(postTopic(A))?.(postChange('UPDATE', post(A, 'Live A'), null));
    expect(client.getQueryData<BlogPost>(postKeys.detail(A))?.title).toBe('Live A');

    refetches[0]?.();
    for (const key of [postKeys.detail(A), postKeys.list({ scope: 'public' }), siteContentKeys.list(), adminKeys.stats()]) {
      expect(isStale(client, key)).toBe(true);
    }

    stop();
    expect(handlers.size).toBe(0);
    expect(refetches).toHaveLength(0);
  });
});

import type { BlogPost } from '@grove/domain/content/blog-post';

/** docs/product.md, Admin: the dashboard lists the 5 most recent posts. */
export const RECENT_POST_COUNT = 5;

/** The newest `count` posts by creation time, whatever order the list came in. */
export function recentPosts<P extends Pick<BlogPost, 'created_at'>>(posts: readonly P[], count: number = RECENT_POST_COUNT): P[] {
  return [...posts].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).slice(0, count);
}

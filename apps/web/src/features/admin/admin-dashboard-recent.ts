import type { BlogPost } from '@grove/domain/content/blog-post';
import { format } from 'date-fns';

/** docs/product.md, Admin: the dashboard lists the 5 most recent posts. */
export const RECENT_POST_COUNT = 5;

/** The newest `count` posts by creation time, whatever order the list came in. */
export function recentPosts(posts: readonly BlogPost[], count: number = RECENT_POST_COUNT): BlogPost[] {
  return [...posts].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at)).slice(0, count);
}

/** 'MMM d, yyyy' in lists (docs/product.md, Texts, formats and themes). */
export const recentPostDate = (iso: string): string => format(new Date(iso), 'MMM d, yyyy');

import { z } from 'zod';

/** Every insert, update and delete of blog_posts. */
export const BLOG_POSTS_TOPIC = 'blog_posts';
/** The live visitor count; admin only. */
export const PRESENCE_TOPIC = 'presence';

/** Updates of one post (ids in lower case, as the server sends them; the HTTP API accepts either case). */
export const postTopic = (id: string): string => `blog_posts:${id.toLowerCase()}`;
/** Updates of one static page. */
export const siteContentTopic = (slug: string): string => `site_content:${slug}`;

export const topicSchema = z.string().regex(
  /^(blog_posts(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?|site_content:[a-z][a-z0-9-]{0,62}|presence)$/,
  'Unknown topic.',
);
export type Topic = z.infer<typeof topicSchema>;

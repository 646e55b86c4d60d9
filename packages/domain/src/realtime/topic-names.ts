// The realtime topics' names (decision 023), without zod: topics.ts re-exports them beside its schema, and the public
// pages' small client (apps/web/src/public/realtime.ts) reads them from here.

/** Every insert, update and delete of blog_posts. */
export const BLOG_POSTS_TOPIC = 'blog_posts';
/** The live visitor count; admin only. */
export const PRESENCE_TOPIC = 'presence';

/** Updates of one post (ids in lower case, as the server sends them; the HTTP API accepts either case). */
export const postTopic = (id: string): string => `blog_posts:${id.toLowerCase()}`;
/** Updates of one static page. */
export const siteContentTopic = (slug: string): string => `site_content:${slug}`;

/** Every topic a client may subscribe to (besides `sync`, which names its space apart). */
export const TOPIC_PATTERN
  = /^(blog_posts(:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?|site_content:[a-z][a-z0-9-]{0,62}|presence)$/;

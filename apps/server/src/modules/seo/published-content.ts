/** A post as the sitemap and the feed read it: no body, neither needs it. Every stored post is published. */
export interface PublishedPost {
  id: string;
  title: string;
  /** Plain text, as the admin typed it. */
  excerpt: string;
  /** An uploaded image's same-origin path or an https address (isAllowedImageUrl), or null. */
  image_url: string | null;
  /** ISO 8601, as the API shows them. */
  created_at: string;
  updated_at: string;
}

/** A site-content row's slug and when it last changed (ISO 8601). */
export interface PageDate {
  slug: string;
  updated_at: string;
}

/** The later of two ISO 8601 times. */
export function later(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** When a post last changed, never before it was published. */
export function postDate(post: Pick<PublishedPost, 'created_at' | 'updated_at'>): string {
  return later(post.created_at, post.updated_at);
}

import { postDate, type PublishedPost } from './published-content.ts';
import { escapeXml } from './xml-escape.ts';

/** The most items the feed carries, newest first. */
export const FEED_MAX_ITEMS = 50;

export interface FeedChannel {
  title: string;
  description: string;
  /** BCP 47, as in the page's <html lang>. */
  language: string;
}

/** RFC 822 date-time (with a four-digit year, as RSS readers expect): 'Wed, 25 Nov 2026 04:42:46 GMT'. */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/** An image's absolute address: uploaded images are same-origin paths, other images already https addresses. */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

function item(origin: string, post: PublishedPost): string {
  const link = escapeXml(`${origin}/blog/${post.id}`);
  const image = post.image_url === null ? '' : `
      <media:content url="${escapeXml(absoluteUrl(origin, post.image_url))}" medium="image"/>`;
  return `
    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <pubDate>${rfc822(post.created_at)}</pubDate>
      <description>${escapeXml(post.excerpt)}</description>${image}
    </item>`;
}

/**
 * The blog as an RSS 2.0 feed on `origin`: `posts` newest first (at most FEED_MAX_ITEMS are written), each with
 * its permalink as guid, its publication date and its excerpt as plain text; its image as media:content (an
 * <enclosure> would need the file's length in bytes, which the post does not know). lastBuildDate is the latest
 * change of any post written, or `now` when there is none.
 */
export function rssXml(origin: string, channel: FeedChannel, posts: readonly PublishedPost[], now: Date): string {
  const written = posts.slice(0, FEED_MAX_ITEMS);
  const built = written.reduce((latest, post) => Math.max(latest, Date.parse(postDate(post))), Number.NEGATIVE_INFINITY);
  const lastBuildDate = rfc822(new Date(Number.isFinite(built) ? built : now.getTime()).toISOString());
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(`${origin}/blog`)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>${escapeXml(channel.language)}</language>
    <lastBuildDate>${lastBuildDate}</lastBuildDate>
    <atom:link href="${escapeXml(`${origin}/feed.xml`)}" rel="self" type="application/rss+xml"/>${written.map((post) => item(origin, post)).join('')}
  </channel>
</rss>
`;
}

import { later, postDate, type PageDate, type PublishedPost } from './published-content.ts';
import { escapeXml } from './xml-escape.ts';

export interface SitemapEntry {
  /** Path on the site, starting with '/'. */
  path: string;
  /** ISO 8601, or null when nothing says when the page last changed. */
  lastmod: string | null;
}

/** The sitemaps.org limit of URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

// The public site's pages (PUBLIC_PATHS in apps/web/src/lib/paths.ts), with the site-content slug that fills each.
const STATIC_PAGES: readonly { path: string; slug?: string }[] = [
  { path: '/' },
  { path: '/blog' },
  { path: '/about', slug: 'about' },
  { path: '/contact', slug: 'contact' },
  { path: '/privacy', slug: 'privacy' },
  { path: '/terms', slug: 'terms' },
];
export const STATIC_PAGE_COUNT = STATIC_PAGES.length;

/**
 * What the sitemap lists: the public pages, then every post at /blog/{id}. A post's lastmod is its last change
 * (updated_at, never before it was published); a site-content page's, its row's; /blog's, its newest post's. The
 * landing page has no date in the database, so it has none.
 */
export function sitemapEntries(posts: readonly PublishedPost[], pages: readonly PageDate[]): SitemapEntry[] {
  const pageDates = new Map(pages.map((page) => [page.slug, page.updated_at]));
  const postEntries = posts.map((post) => ({ path: `/blog/${post.id}`, lastmod: postDate(post) }));
  const blogDate = postEntries.reduce<string | null>(
    (latest, entry) => (latest === null ? entry.lastmod : later(latest, entry.lastmod)), null);
  const staticEntries = STATIC_PAGES.map(({ path, slug }) => ({
    path,
    lastmod: path === '/blog' ? blogDate : (slug === undefined ? undefined : pageDates.get(slug)) ?? null,
  }));
  return [...staticEntries, ...postEntries].slice(0, SITEMAP_MAX_URLS);
}

/** A sitemaps.org 0.9 urlset of absolute URLs on `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const date = lastmod === null ? '' : `<lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>`;
    return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${date}</url>\n`;
  });
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + urls.join('')
    + '</urlset>\n';
}

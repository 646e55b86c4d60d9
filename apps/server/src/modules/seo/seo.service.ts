import { robotsTxt } from './robots-txt.ts';
import { FEED_MAX_ITEMS, rssXml, type FeedChannel } from './rss-xml.ts';
import type { SeoRepository } from './seo.repository.ts';
import { SITEMAP_MAX_URLS, STATIC_PAGE_COUNT, sitemapEntries, sitemapXml } from './sitemap-xml.ts';

// The blog screen's texts, copied from apps/web/src/i18n/locales/en.json (screens.blog; the tab reads
// '{title} | Grove', lib/page-meta.ts) and its <html lang>: the server does not read the web's locale files.
export const BLOG_CHANNEL: FeedChannel = {
  title: 'Blog | Grove',
  description: 'News, ideas and guides from the Grove team.',
  language: 'en',
};

/**
 * The crawler-facing documents, built from the database; the routes cache the sitemap and the feed until content
 * changes (decision 066), on this instance or another (NOTIFY).
 */
export class SeoService {
  constructor(private readonly repository: SeoRepository, private readonly now: () => Date = () => new Date()) {}

  async sitemap(origin: string): Promise<string> {
    const [posts, pages] = await Promise.all([
      this.repository.posts(SITEMAP_MAX_URLS - STATIC_PAGE_COUNT), this.repository.pageDates(),
    ]);
    return sitemapXml(origin, sitemapEntries(posts, pages));
  }

  async feed(origin: string): Promise<string> {
    return rssXml(origin, BLOG_CHANNEL, await this.repository.posts(FEED_MAX_ITEMS), this.now());
  }

  robots(origin: string): string {
    return robotsTxt(origin);
  }
}

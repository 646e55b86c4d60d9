import { SITE_CONTENT_MAX, type SiteContent } from '@grove/domain/content/site-content';
import { HttpError } from '../../http/errors.ts';
import type { PublicCache } from '../../http/public-cache.ts';
import { sanitizeContentHtml, sanitizeStoredHtml } from '../../http/sanitize.ts';
import { toSiteContent, type SiteContentRepository, type SiteContentRow } from './site-content.repository.ts';

export function cleanSiteContent(page: SiteContent): SiteContent {
  return { ...page, content: sanitizeContentHtml(page.content) };
}

/** A site_content row carried by a change event (realtime/change-feed.ts), as clients see the page. */
export function siteContentFromChangedRow(row: unknown): SiteContent {
  return cleanSiteContent(toSiteContent(row as SiteContentRow));
}

export class SiteContentService {
  constructor(private readonly repository: SiteContentRepository, private readonly cache: PublicCache) {}

  async list(): Promise<SiteContent[]> {
    return (await this.repository.list()).map(cleanSiteContent);
  }

  async get(slug: string): Promise<SiteContent> {
    const page = await this.repository.find(slug);
    if (!page) throw new HttpError(404, 'Page not found.');
    return cleanSiteContent(page);
  }

  count(): Promise<number> {
    return this.repository.count();
  }

  async updateContent(slug: string, content: string): Promise<SiteContent> {
    const clean = sanitizeStoredHtml(content, SITE_CONTENT_MAX);
    const page = await this.repository.updateContent(slug, clean);
    if (!page) throw new HttpError(404, 'Page not found.');
    this.cache.invalidate();
    return page;
  }
}

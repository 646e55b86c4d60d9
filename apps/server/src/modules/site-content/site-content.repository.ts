import type { SiteContent } from '@grove/domain/content/site-content';
import type { Db } from '../../db/db.ts';

export interface SiteContentRow {
  slug: string;
  title: string;
  content: string;
  updated_at: Date | string;
}

export function toSiteContent(row: SiteContentRow): SiteContent {
  return { slug: row.slug, title: row.title, content: row.content, updated_at: new Date(row.updated_at).toISOString() };
}

export class SiteContentRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<SiteContent[]> {
    const rows = await this.db.query<SiteContentRow>('select slug, title, content, updated_at from site_content order by slug');
    return rows.map(toSiteContent);
  }

  async find(slug: string): Promise<SiteContent | null> {
    const [row] = await this.db.query<SiteContentRow>('select slug, title, content, updated_at from site_content where slug = $1', [slug]);
    return row ? toSiteContent(row) : null;
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from site_content');
    return row?.n ?? 0;
  }

  async updateContent(slug: string, content: string): Promise<SiteContent | null> {
    const [row] = await this.db.query<SiteContentRow>(
      'update site_content set content = $2 where slug = $1 returning slug, title, content, updated_at', [slug, content]);
    return row ? toSiteContent(row) : null;
  }
}

import type { Db } from '../../db/db.ts';
import type { PageDate, PublishedPost } from './published-content.ts';

interface PostRow {
  id: string;
  title: string;
  excerpt: string;
  image_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** Lean reads for the sitemap and the feed: no post body, which neither writes and which is the bulk of a row. */
export class SeoRepository {
  constructor(private readonly db: Db) {}

  /** The newest posts first, in the blog's own order (posts.repository.ts: the shown millisecond, then id). */
  async posts(limit: number): Promise<PublishedPost[]> {
    const rows = await this.db.query<PostRow>(
      `select id, title, excerpt, image_url, created_at, updated_at from blog_posts
       order by date_trunc('milliseconds', created_at) desc, id desc limit $1`,
      [limit],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }));
  }

  async pageDates(): Promise<PageDate[]> {
    const rows = await this.db.query<{ slug: string; updated_at: Date | string }>('select slug, updated_at from site_content');
    return rows.map((row) => ({ slug: row.slug, updated_at: iso(row.updated_at) }));
  }
}

import type { BlogPost, BlogPostSummary, PostCursor, PostInput, PostPatch } from '@grove/domain/content/blog-post';
import type { Db, SqlParam } from '../../db/db.ts';

/** A post row from SQL, or from a change event's jsonb (timestamps then arrive as strings). */
export interface PostRow {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  image_url: string | null;
  tags: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
  author?: { full_name: string } | null;
  author_full_name?: string | null;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toBlogPost(row: PostRow): BlogPost {
  const fullName = row.author_full_name ?? row.author?.full_name ?? null;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    image_url: row.image_url,
    tags: row.tags ?? [],
    author: fullName === null ? null : { full_name: fullName },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const SELECT = `select p.id, p.title, p.content, p.excerpt, p.image_url, p.tags, p.created_at, p.updated_at,
  a.full_name as author_full_name`;

// The columns a patch may set, by input field; nothing else ever reaches SQL as a name.
const PATCHABLE = ['title', 'excerpt', 'content', 'image_url', 'tags'] as const;

export class PostsRepository {
  constructor(private readonly db: Db) {}

  /** Every post's summary, newest first by the time the API shows (milliseconds), then id: the order pages follow too. */
  async listSummaries(): Promise<BlogPostSummary[]> {
    const rows = await this.db.query<Pick<PostRow, 'id' | 'title' | 'created_at' | 'updated_at'>>(
      `select p.id, p.title, p.created_at, p.updated_at from blog_posts p
       order by date_trunc('milliseconds', p.created_at) desc, p.id desc`,
    );
    return rows.map((row) => ({ id: row.id, title: row.title, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }));
  }

  /**
   * One page, newest first, after `before` when given. Times compare at the millisecond the API shows (the
   * column keeps microseconds): a cursor made from a post's shown time then never skips a post of the same
   * millisecond. One row more than asked tells whether another page follows.
   */
  async listPage(limit: number, before: PostCursor | null): Promise<{ posts: BlogPost[]; more: boolean }> {
    const shown = `date_trunc('milliseconds', p.created_at)`;
    const rows = await this.db.query<PostRow>(
      `${SELECT} from blog_posts p left join profiles a on a.id = p.author_id
       ${before ? `where (${shown}, p.id) < ($2::timestamptz, $3::uuid)` : ''}
       order by ${shown} desc, p.id desc limit $1`,
      before ? [limit + 1, before.createdAt, before.id] : [limit + 1],
    );
    return { posts: rows.slice(0, limit).map(toBlogPost), more: rows.length > limit };
  }

  /**
   * The oldest post at or after `before` in the newest-first order: the page after `before` is exactly the page
   * after it (no post lies between them), or the first page when there is none. Reads no post body.
   */
  async pageStart(before: PostCursor): Promise<PostCursor | null> {
    const [row] = await this.db.query<{ id: string; created_at: Date | string }>(
      `select p.id, p.created_at from blog_posts p
       where (date_trunc('milliseconds', p.created_at), p.id) >= ($1::timestamptz, $2::uuid)
       order by date_trunc('milliseconds', p.created_at) asc, p.id asc limit 1`,
      [before.createdAt, before.id],
    );
    return row ? { createdAt: iso(row.created_at), id: row.id } : null;
  }

  async find(id: string): Promise<BlogPost | null> {
    const [row] = await this.db.query<PostRow>(
      `${SELECT} from blog_posts p left join profiles a on a.id = p.author_id where p.id = $1`, [id]);
    return row ? toBlogPost(row) : null;
  }

  /** Every post's id (as the API writes it: lower case). */
  async ids(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>('select id::text as id from blog_posts');
    return rows.map((row) => row.id);
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    return row?.n ?? 0;
  }

  async create(input: PostInput, authorId: string): Promise<BlogPost> {
    const [row] = await this.db.query<PostRow>(
      `with p as (
         insert into blog_posts (title, content, excerpt, image_url, tags, author_id)
         values ($1, $2, $3, $4, $5::text[], $6) returning *
       ) ${SELECT} from p left join profiles a on a.id = p.author_id`,
      [input.title, input.content, input.excerpt, input.image_url, input.tags, authorId],
    );
    if (!row) throw new Error('insert returned no row');
    return toBlogPost(row);
  }

  /** One UPDATE statement: a patch is applied whole or not at all. */
  async update(id: string, patch: PostPatch): Promise<BlogPost | null> {
    const sets: string[] = [];
    const params: SqlParam[] = [id];
    for (const column of PATCHABLE) {
      const value = patch[column];
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}${column === 'tags' ? '::text[]' : ''}`);
    }
    if (sets.length === 0) return this.find(id);
    const [row] = await this.db.query<PostRow>(
      `with p as (update blog_posts set ${sets.join(', ')} where id = $1 returning *)
       ${SELECT} from p left join profiles a on a.id = p.author_id`,
      params,
    );
    return row ? toBlogPost(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db.query('delete from blog_posts where id = $1 returning id', [id]);
    return rows.length > 0;
  }
}

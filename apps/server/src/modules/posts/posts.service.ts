import {
  encodePostCursor, POST_CONTENT_MAX,
  type BlogPost, type BlogPostPage, type BlogPostSummary, type PostCursor, type PostInput, type PostPatch,
} from '@grove/domain/content/blog-post';
import { HttpError } from '../../http/errors.ts';
import type { PublicCache } from '../../http/public-cache.ts';
import { sanitizeContentHtml, sanitizeStoredHtml } from '../../http/sanitize.ts';
import { toBlogPost, type PostRow, type PostsRepository } from './posts.repository.ts';

/** Sanitised on the way in and again on the way out (rows may also be written directly in SQL). */
export function cleanPost(post: BlogPost): BlogPost {
  return { ...post, content: sanitizeContentHtml(post.content) };
}

/** A blog_posts row carried by a change event (realtime/change-feed.ts), as clients see the post. */
export function postFromChangedRow(row: unknown): BlogPost {
  return cleanPost(toBlogPost(row as PostRow));
}

const cleanContent = (html: string) => sanitizeStoredHtml(html, POST_CONTENT_MAX);

export class PostsService {
  constructor(
    private readonly repository: PostsRepository,
    private readonly cache: PublicCache,
    private readonly authorId: string,
  ) {}

  /** Every post as the admin's list shows it: titles are plain text, so nothing to sanitise. */
  async listSummaries(): Promise<BlogPostSummary[]> {
    return this.repository.listSummaries();
  }

  /** A page of the newest-first list; `nextCursor` names where the next page starts (null on the last). */
  async listPage(limit: number, before: PostCursor | null): Promise<BlogPostPage> {
    const { posts, more } = await this.repository.listPage(limit, before);
    const last = posts.at(-1);
    return {
      posts: posts.map(cleanPost),
      nextCursor: more && last ? encodePostCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }

  /** The cursor this server issues for the page `before` lands on (decision 066), or null for the first page. */
  async pageCursor(before: PostCursor): Promise<string | null> {
    const start = await this.repository.pageStart(before);
    return start === null ? null : encodePostCursor(start);
  }

  async get(id: string): Promise<BlogPost> {
    const post = await this.repository.find(id);
    if (!post) throw new HttpError(404, 'Post not found.');
    return cleanPost(post);
  }

  /**
   * Every post's id, kept with the public reads until content changes: whether a post page's address names a post
   * is then a look in memory, not a query (an unknown id costs what a known one does, decision 066).
   */
  ids(): Promise<ReadonlySet<string>> {
    // About 100 bytes an id in a Set (the string, its hash slot).
    return this.cache.memo('post-ids', async () => new Set(await this.repository.ids()), (ids) => ids.size * 100);
  }

  count(): Promise<number> {
    return this.repository.count();
  }

  async create(input: PostInput): Promise<BlogPost> {
    const post = await this.repository.create({ ...input, content: cleanContent(input.content) }, this.authorId);
    // The NOTIFY will also invalidate, but this instance must show the change to its very next read.
    this.cache.invalidate();
    return cleanPost(post);
  }

  async update(id: string, patch: PostPatch): Promise<BlogPost> {
    const clean = patch.content === undefined ? patch : { ...patch, content: cleanContent(patch.content) };
    const post = await this.repository.update(id, clean);
    if (!post) throw new HttpError(404, 'Post not found.');
    this.cache.invalidate();
    return cleanPost(post);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repository.delete(id))) throw new HttpError(404, 'Post not found.');
    this.cache.invalidate();
  }
}

import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

export const POST_TITLE_MAX = 200;
export const POST_EXCERPT_MAX = 1000;
export const POST_CONTENT_MAX = 200_000;
export const POST_TAGS_MAX = 20;
export const POST_TAG_LENGTH_MAX = 50;
export const IMAGE_URL_MAX = 2048;

/** A post as the API returns it, with the author's full name joined (null when the author was removed). */
export const blogPostSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string().describe('Sanitised HTML.'),
  excerpt: z.string(),
  image_url: z.string().nullable(),
  tags: z.array(z.string()),
  author: z.object({ full_name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostListSchema = z.array(blogPostSchema);

/**
 * A post as the admin's list shows it (the posts table, the dashboard's recent posts): a few hundred bytes whatever
 * the post's size, so the list of every post stays small (decision 066). The editor reads the whole post.
 */
export const blogPostSummarySchema = blogPostSchema.pick({ id: true, title: true, created_at: true, updated_at: true });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export const blogPostSummaryListSchema = z.array(blogPostSummarySchema);

/** Uploaded images (same origin) or https addresses; never javascript:, data: or other schemes. */
export function isAllowedImageUrl(url: string): boolean {
  if (/^\/storage\/blog_images\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(url)) return true;
  return /^https:\/\/[^\s/?#]+[^\s]*$/i.test(url);
}

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required.` })
    .refine(isStorableText, `${label} ${UNSTORABLE_TEXT_MESSAGE}`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Tags arrive as a list or as the editor's comma-separated text; trimmed, empties dropped (docs/product.md, Admin). */
const tagsSchema = z
  .union([z.array(z.string({ error: 'Each tag must be text.' })), z.string()], { error: 'Tags must be a list of text or comma-separated text.' })
  .transform((value) => (typeof value === 'string' ? value.split(',') : value).map((tag) => tag.trim()).filter((tag) => tag.length > 0))
  .pipe(z.array(z.string()
    .refine(isStorableText, `A tag ${UNSTORABLE_TEXT_MESSAGE}`)
    .max(POST_TAG_LENGTH_MAX, `Each tag must be at most ${POST_TAG_LENGTH_MAX} characters.`))
    .max(POST_TAGS_MAX, `A post can have at most ${POST_TAGS_MAX} tags.`));

const imageUrlSchema = z
  .union([z.null(), z.string({ error: 'Image URL must be text or null.' })], { error: 'Image URL must be text or null.' })
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || (value.length <= IMAGE_URL_MAX && isStorableText(value) && isAllowedImageUrl(value)), {
    error: 'Image URL must be an uploaded image or an https address.',
  });

export const postInputSchema = z.object({
  title: required('Title', POST_TITLE_MAX),
  excerpt: required('Excerpt', POST_EXCERPT_MAX),
  content: required('Content', POST_CONTENT_MAX).describe('HTML; sanitised by the server.'),
  image_url: imageUrlSchema.optional().default(null),
  tags: tagsSchema.optional().default([]),
}, { error: 'The request body must be a JSON object.' });
export type PostInput = z.output<typeof postInputSchema>;

export const postPatchSchema = z.object({
  title: required('Title', POST_TITLE_MAX).optional(),
  excerpt: required('Excerpt', POST_EXCERPT_MAX).optional(),
  content: required('Content', POST_CONTENT_MAX).optional(),
  image_url: imageUrlSchema.optional(),
  tags: tagsSchema.optional(),
}, { error: 'The request body must be a JSON object.' }).refine((patch) => Object.values(patch).some((value) => value !== undefined), {
  error: 'Nothing to update: send at least one of title, excerpt, content, image_url, tags.',
});
export type PostPatch = z.output<typeof postPatchSchema>;

export const postIdSchema = z.uuid({ error: 'Post not found.' });

// --- Paging (docs/product.md, Public site: the blog pages by cursor, newest first) ----------------------------

export const POST_PAGE_SIZE_MAX = 50;

/** Where a page starts: just after this post in the newest-first order (created_at desc, id desc). */
export interface PostCursor {
  readonly createdAt: string;
  readonly id: string;
}

/** An opaque token for clients: base64url of '<created_at>|<id>'. */
export function encodePostCursor(cursor: PostCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a token names, or null when it is not one this server made. */
export function decodePostCursor(token: string): PostCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  let text: string;
  try {
    text = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [createdAt, id, ...rest] = text.split('|');
  if (rest.length > 0 || createdAt === undefined || id === undefined) return null;
  if (!isCursorTime(createdAt) || !postIdSchema.safeParse(id).success) return null;
  return { createdAt, id };
}

const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 time PostgreSQL takes as a timestamptz: a real calendar date (no 30 February) and time of day, a
 * year from 1 to 9999, at most microseconds, and a UTC offset within ±15:59 (PostgreSQL refuses more).
 */
export function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  if (!match) return false;
  const parts = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const [year, month, day, hour, minute, second, , offsetHours = 0, offsetMinutes = 0] = parts;
  if (year === undefined || month === undefined || day === undefined) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
    && (hour ?? 24) <= 23 && (minute ?? 60) <= 59 && (second ?? 60) <= 59
    && offsetHours <= 15 && offsetMinutes <= 59;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Posts GET /api/posts sends without `limit` (decision 066: every list is capped). */
export const POST_LIST_DEFAULT = 20;

/** `?limit=` (1–50) and `?before=` (a cursor token) of GET /api/posts; without limit the newest POST_LIST_DEFAULT. */
export const postPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POST_PAGE_SIZE_MAX),
  before: z.string().optional(),
});

export const blogPostPageSchema = z.object({
  posts: blogPostListSchema,
  /** The token for the next page, or null on the last one. */
  nextCursor: z.string().nullable(),
});
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;

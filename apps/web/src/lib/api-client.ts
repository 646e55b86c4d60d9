// Typed client for the Grove JSON API (/api). Framework-free: lib/queries/ wraps these functions for TanStack Query.
// Failures are ApiErrors carrying a code; the screens show them through i18n (lib/api-error.ts), so this file
// holds no user-facing text.
import { adminSessionSchema, adminStatsSchema, uploadResultSchema, type AdminSession, type AdminStats, type UploadResult } from '@grove/domain/content/admin';
import {
  blogPostListSchema, blogPostPageSchema, blogPostSchema, blogPostSummaryListSchema, type BlogPost, type BlogPostPage, type BlogPostSummary,
} from '@grove/domain/content/blog-post';
import { siteContentListSchema, siteContentSchema, type SiteContent } from '@grove/domain/content/site-content';
import { z } from 'zod';
import { ApiError, codeForStatus, type ApiErrorCode } from './api-error.ts';

// The API's error body (`apiErrorSchema` in the domain), read loosely: a `code` is used when present and known.
const errorBodySchema = z.object({ error: z.string(), code: z.unknown().optional() });

/** Post fields as the editor sends them; tags may be a list or the comma-separated text. */
export interface PostFields {
  title: string;
  excerpt: string;
  content: string;
  image_url?: string | null;
  tags?: string[] | string;
}

export interface ApiClientOptions {
  /** Prefix for every path; '' means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  type StatusCodes = Partial<Record<number, ApiErrorCode>>;

  async function request(method: string, path: string, body?: unknown, statusCodes?: StatusCodes): Promise<Response> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, init);
    } catch (error) {
      throw new ApiError(0, 'network', error instanceof Error ? error.message : undefined);
    }
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
      const { error: detail, code } = parsed.success ? parsed.data : { error: undefined, code: undefined };
      throw new ApiError(response.status, codeForStatus(response.status, code, statusCodes), detail);
    }
    return response;
  }

  async function json<S extends z.ZodType>(
    schema: S, method: string, path: string, body?: unknown, statusCodes?: StatusCodes,
  ): Promise<z.output<S>> {
    const response = await request(method, path, body, statusCodes);
    // Not JSON (an HTML page from a proxy, say) or not the expected shape: the same clear message.
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(response.status, 'unexpectedResponse');
    return parsed.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    listPosts: (): Promise<BlogPost[]> => json(blogPostListSchema, 'GET', '/api/posts'),
    /** One page, newest first; `before` is the previous page's nextCursor (the address is the server's cache key). */
    listPostsPage: (limit: number, before: string | null): Promise<BlogPostPage> =>
      json(blogPostPageSchema, 'GET', `/api/posts?limit=${limit}${before === null ? '' : `&before=${encodeURIComponent(before)}`}`),
    getPost: (postId: string): Promise<BlogPost> => json(blogPostSchema, 'GET', `/api/posts/${id(postId)}`),
    getSiteContent: (slug: string): Promise<SiteContent> => json(siteContentSchema, 'GET', `/api/site-content/${id(slug)}`),

    login: async (key: string): Promise<void> => {
      // A 401 here is a wrong key ('Invalid secret key.', docs/product.md, Admin), not an ended session.
      await request('POST', '/api/admin/session', { key }, { 401: 'invalidSecretKey' });
    },
    getSession: (): Promise<AdminSession> => json(adminSessionSchema, 'GET', '/api/admin/session'),
    logout: async (): Promise<void> => {
      await request('DELETE', '/api/admin/session');
    },

    getStats: (): Promise<AdminStats> => json(adminStatsSchema, 'GET', '/api/admin/stats'),
    listAdminPosts: (): Promise<BlogPostSummary[]> => json(blogPostSummaryListSchema, 'GET', '/api/admin/posts'),
    createPost: (fields: PostFields): Promise<BlogPost> => json(blogPostSchema, 'POST', '/api/posts', fields),
    updatePost: (postId: string, fields: Partial<PostFields>): Promise<BlogPost> =>
      json(blogPostSchema, 'PATCH', `/api/posts/${id(postId)}`, fields),
    deletePost: async (postId: string): Promise<void> => {
      await request('DELETE', `/api/posts/${id(postId)}`);
    },
    listSiteContent: (): Promise<SiteContent[]> => json(siteContentListSchema, 'GET', '/api/site-content'),
    updateSiteContent: (slug: string, content: string): Promise<SiteContent> =>
      json(siteContentSchema, 'PATCH', `/api/site-content/${id(slug)}`, { content }),
    uploadImage: (file: Blob, name: string): Promise<UploadResult> => {
      const form = new FormData();
      form.append('file', file, name);
      return json(uploadResultSchema, 'POST', '/api/storage/blog_images', form, { 413: 'imageTooLarge' });
    },
  };
}

// Typed client for the Grove JSON API (/api). Framework-free: TanStack Query hooks wrap these functions.
import { adminSessionSchema, adminStatsSchema, uploadResultSchema, type AdminSession, type AdminStats, type UploadResult } from '@grove/domain/content/admin';
import { apiErrorSchema } from '@grove/domain/content/api-error';
import { blogPostListSchema, blogPostSchema, type BlogPost } from '@grove/domain/content/blog-post';
import { siteContentListSchema, siteContentSchema, type SiteContent } from '@grove/domain/content/site-content';
import type { z } from 'zod';

/** A failed call: the HTTP status and the server's message, ready for a toast. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

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

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, init);
    } catch {
      throw new ApiError(0, 'Cannot reach the server. Please check your connection.');
    }
    if (!response.ok) {
      const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null));
      throw new ApiError(response.status, parsed.success ? parsed.data.error : `Request failed (${response.status}).`);
    }
    return response;
  }

  async function json<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.output<S>> {
    const response = await request(method, path, body);
    // Not JSON (an HTML page from a proxy, say) or not the expected shape: the same clear message.
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new ApiError(response.status, 'The server sent an unexpected response.');
    return parsed.data;
  }

  const id = (value: string) => encodeURIComponent(value);

  return {
    listPosts: (): Promise<BlogPost[]> => json(blogPostListSchema, 'GET', '/api/posts'),
    getPost: (postId: string): Promise<BlogPost> => json(blogPostSchema, 'GET', `/api/posts/${id(postId)}`),
    getSiteContent: (slug: string): Promise<SiteContent> => json(siteContentSchema, 'GET', `/api/site-content/${id(slug)}`),

    login: async (key: string): Promise<void> => {
      await request('POST', '/api/admin/session', { key });
    },
    getSession: (): Promise<AdminSession> => json(adminSessionSchema, 'GET', '/api/admin/session'),
    logout: async (): Promise<void> => {
      await request('DELETE', '/api/admin/session');
    },

    getStats: (): Promise<AdminStats> => json(adminStatsSchema, 'GET', '/api/admin/stats'),
    listAdminPosts: (): Promise<BlogPost[]> => json(blogPostListSchema, 'GET', '/api/admin/posts'),
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
      return json(uploadResultSchema, 'POST', '/api/storage/blog_images', form);
    },
  };
}

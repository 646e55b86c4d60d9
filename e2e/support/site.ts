import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from './hydration.ts';

// Server data for the public-site tests, written through the real admin API (docs/product.md, Admin security):
// the key is the one the e2e server generated into its data directory, so the test server needs no chosen key.

export interface PostFields {
  title: string;
  excerpt: string;
  content: string;
  image_url?: string | null;
  tags?: string[];
}

export interface ApiPost extends PostFields {
  id: string;
  created_at: string;
  author: { full_name: string } | null;
}

function baseUrl(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set: run through e2e/playwright.config.ts.');
  return `http://localhost:${port}`;
}

function adminKey(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts.');
  return readFileSync(path.join(dataDir, 'admin-secret-key'), 'utf8').trim();
}

/** An admin API session; writes carry this site's Origin, as a browser's would (the server's CSRF check). */
export class AdminApi {
  private constructor(private readonly api: APIRequestContext) {}

  static async login(): Promise<AdminApi> {
    const url = baseUrl();
    const api = await request.newContext({ baseURL: url, extraHTTPHeaders: { origin: url } });
    const response = await api.post('/api/admin/session', { data: { key: adminKey() } });
    expect(response.ok(), `admin login: ${response.status()}`).toBe(true);
    return new AdminApi(api);
  }

  async createPost(fields: PostFields): Promise<ApiPost> {
    const response = await this.api.post('/api/posts', { data: fields });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as ApiPost;
  }

  async updatePost(id: string, fields: Partial<PostFields>): Promise<void> {
    const response = await this.api.patch(`/api/posts/${id}`, { data: fields });
    expect(response.ok(), await response.text()).toBe(true);
  }

  async deletePost(id: string): Promise<void> {
    const response = await this.api.delete(`/api/posts/${id}`);
    expect(response.status()).toBe(204);
  }

  /** Every post, newest first, as the admin's list gives it: summaries (decision 066). */
  async posts(): Promise<Pick<ApiPost, 'id' | 'title' | 'created_at'>[]> {
    const response = await this.api.get('/api/admin/posts');
    expect(response.ok()).toBe(true);
    return (await response.json()) as Pick<ApiPost, 'id' | 'title' | 'created_at'>[];
  }

  async siteContent(slug: string): Promise<{ title: string; content: string }> {
    const response = await this.api.get(`/api/site-content/${slug}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as { title: string; content: string };
  }

  async updateSiteContent(slug: string, content: string): Promise<void> {
    const response = await this.api.patch(`/api/site-content/${slug}`, { data: { content } });
    expect(response.ok(), await response.text()).toBe(true);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}

/**
 * Records the topics the page's realtime sockets have confirmed; call before the page opens. `ready(topic)` then
 * waits until a change made next is heard live.
 */
export function trackSubscriptions(page: Page): { ready: (topic: string) => Promise<void> } {
  const topics = new Set<string>();
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload !== 'string') return;
      const message = JSON.parse(frame.payload) as { type?: string; topic?: string };
      if (message.type === 'subscribed' && message.topic) topics.add(message.topic);
    });
  });
  return {
    ready: async (topic) => {
      await expect.poll(() => topics.has(topic), { message: `subscribed to ${topic}` }).toBe(true);
    },
  };
}

/**
 * Opens a public page by the app's own router: its data then comes through the API in the browser, where a test can
 * route it (a page loaded from the server comes with its data, decision 054). The public pages themselves run no app
 * (decision 075): the app starts on the admin's login, a page of the site's frame the server does not render.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/admin/login');
  // The router hears the address change only once the app has rendered the page.
  await waitForHydration(page);
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/**
 * Clicks the blog's 'Load more posts' until `target` shows, one page at a time: each click waits for its page to
 * come in (a click while a page loads finds the button busy, and after the last page finds none).
 */
export async function loadMoreUntil(page: Page, target: Locator): Promise<void> {
  if (await target.count() > 0) return;
  // The button is server-rendered: a click before the app has taken the page over does nothing.
  await waitForHydration(page);
  const cards = page.getByRole('list', { name: 'Blog' }).getByRole('listitem');
  for (let pages = 1; await target.count() === 0; pages += 1) {
    expect(pages, 'pages of the blog loaded without finding the post').toBeLessThan(20);
    const shown = await cards.count();
    await page.getByRole('button', { name: 'Load more posts' }).click();
    await expect(cards).not.toHaveCount(shown);
  }
}

/**
 * Opens /blog at the card of the post titled `title`, and returns the card's title link. Posts that other tests
 * add at the same time come first (blog.spec's paging test adds 14 at once), so the card may be on a later page.
 */
export async function openBlogAt(page: Page, title: string): Promise<Locator> {
  await page.goto('/blog');
  const list = page.getByRole('list', { name: 'Blog' });
  // The page comes from the server with its first 12 cards, all at once.
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const link = list.getByRole('link', { name: title, exact: true });
  await loadMoreUntil(page, link);
  await expect(link).toBeVisible();
  return link;
}

/** The JSON-LD block of the current page. */
export async function structuredData(page: Page): Promise<Record<string, unknown>> {
  const text = await page.locator('script[type="application/ld+json"]').textContent();
  return JSON.parse(text ?? '{}') as Record<string, unknown>;
}

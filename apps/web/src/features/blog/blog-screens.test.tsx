import type { BlogPost } from '@grove/domain/content/blog-post';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postKeys } from '@/lib/queries/query-keys.ts';
import { applyChange } from '@/lib/queries/realtime-bridge.ts';
import { jsonResponse, queuedFetch } from '@/test/queued-fetch.ts';
import { Component as BlogList } from './blog-list-screen.tsx';
import { Component as BlogPostScreen } from './blog-post-screen.tsx';

const toastInfo = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { info: toastInfo } }));
// The socket is not under test here: the bridge's messages are applied to the cache directly.
vi.mock('@/lib/queries/use-realtime-cache.ts', () => ({ useRealtimeCache: () => undefined }));

const ID = '3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09';

/** A page of the public list as GET /api/posts?limit= sends it. */
const page = (posts: BlogPost[], nextCursor: string | null = null) => ({ posts, nextCursor });

function post(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: ID,
    title: 'Planting a habit',
    content: '<p>Water it <strong>daily</strong>.</p><img src="x" onerror="window.__xss = 1">',
    excerpt: 'Small steps every day.',
    image_url: null,
    tags: ['habits', 'focus'],
    author: null,
    created_at: '2026-03-05T12:00:00.000Z',
    updated_at: '2026-03-05T12:00:00.000Z',
    ...overrides,
  };
}

const responses = queuedFetch();
const json = jsonResponse;

afterEach(() => {
  toastInfo.mockReset();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blog" element={<BlogList />} />
          <Route path="/blog/:postId" element={<BlogPostScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('blog list (docs/product.md, Public site)', () => {
  it('shows a loading state, then the cards with author fallback, list date, excerpt and Read More', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAt('/blog');
    expect(screen.getByRole('status').textContent).toContain('Loading blog posts…');
    act(() => answer(json(200, page([post(), post({ id: '5b2a1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'Second', author: { full_name: 'Ada' } })]))()));
    expect(await screen.findByRole('heading', { name: 'Planting a habit' })).toBeTruthy();
    expect(screen.getByText('Grove Team')).toBeTruthy();
    expect(screen.getByText('Ada')).toBeTruthy();
    expect(screen.getAllByText('Mar 5, 2026')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Read More: Planting a habit' }).getAttribute('href')).toBe(`/blog/${ID}`);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it('asks for a page of 12 and loads the next page, after the last post shown, with Load more', async () => {
    const second = post({ id: '5b2a1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'Older post' });
    responses.push(json(200, page([post()], 'CURSOR-1')), json(200, page([second])));
    renderAt('/blog');
    expect(await screen.findByRole('heading', { name: 'Planting a habit' })).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/posts?limit=12');
    act(() => screen.getByRole('button', { name: 'Load more posts' }).click());
    expect(await screen.findByRole('heading', { name: 'Older post' })).toBeTruthy();
    expect(vi.mocked(fetch).mock.calls[1]?.[0]).toBe('/api/posts?limit=12&before=CURSOR-1');
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  it('shows the empty state', async () => {
    responses.push(json(200, page([])));
    renderAt('/blog');
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(screen.getByText('Check back soon for new articles!')).toBeTruthy();
  });

  it('shows the error with a retry that loads the list', async () => {
    responses.push(json(500, { error: 'Boom.' }), json(200, page([post()])));
    renderAt('/blog');
    expect(await screen.findByText('Failed to load blog posts. Please try again later.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'Planting a habit' })).toBeTruthy();
  });
});

describe('blog post (docs/product.md, Public site)', () => {
  it('shows the article sanitised, with author, post date, tags, and the post as the tab title', async () => {
    responses.push(json(200, post({ author: { full_name: 'Ada Lovelace' } })));
    renderAt(`/blog/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Planting a habit' })).toBeTruthy();
    expect(screen.getByText('By Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('March 5, 2026')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('habitsfocus');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(document.title).toBe('Planting a habit | Grove');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Small steps every day.');
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'Planting a habit', datePublished: '2026-03-05T12:00:00.000Z' });
  });

  it('merges a live UPDATE and says so once, even when it arrives on two topics', async () => {
    responses.push(json(200, post()));
    const queryClient = renderAt(`/blog/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Planting a habit' });
    const updated = { ...post({ title: 'Growing a habit' }) };
    const message = { type: 'change', topic: `blog_posts:${ID}`, table: 'blog_posts', event: 'UPDATE', new: updated, old: post() } as const;
    act(() => applyChange(queryClient, message));
    act(() => applyChange(queryClient, message));
    expect(await screen.findByRole('heading', { level: 1, name: 'Growing a habit' })).toBeTruthy();
    expect(toastInfo).toHaveBeenCalledTimes(1);
    expect(toastInfo).toHaveBeenCalledWith('This post has been updated.', expect.anything());
  });

  it('tells the reader when the open post is deleted', async () => {
    responses.push(json(200, post()), json(404, { error: 'Post not found.' }));
    const queryClient = renderAt(`/blog/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Planting a habit' });
    await act(async () => queryClient.invalidateQueries({ queryKey: postKeys.detail(ID) }));
    expect((await screen.findByRole('alert')).textContent).toContain('This post has been deleted');
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it('shows Post not found for an unknown post', async () => {
    responses.push(json(404, { error: 'Post not found.' }));
    renderAt(`/blog/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    expect(screen.getByText('The blog post you\'re looking for doesn\'t exist.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Back to Blog' }).map((link) => link.getAttribute('href'))).toEqual(['/blog', '/blog']);
  });

  it('does not ask the server about an id that cannot name a post', async () => {
    renderAt('/blog/not-a-post');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.title).toBe('Post not found | Grove');
  });
});

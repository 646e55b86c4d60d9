import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/dates.ts';
import { PUBLIC_STRINGS_ID, resetStrings } from '../strings.ts';
import { enhanceBlog } from './blog.ts';

const STRINGS = {
  'site.blog.loadMore': 'Load more posts',
  'site.blog.loadingMore': 'Loading more posts…',
  'site.blog.error': 'Failed to load blog posts. Please try again later.',
  'site.blog.postCount_one': '{{count}} post',
  'site.blog.postCount_other': '{{count}} posts',
};

// A card as the server renders it (features/blog/blog-card.tsx, BlogCardItem), its date the UTC day until a script runs.
const card = (title: string, date = '2026-01-15T12:00:00.000Z') =>
  `<li class="flex min-w-0"><article><time dateTime="${date}" data-date-style="list">UTC day</time><h2>${title}</h2></article></li>`;

// The list as features/blog/blog-list-screen.tsx renders it; no button when there is no next page.
const blogList = (titles: string[], cursor: string | null) => `
  <div class="mx-auto max-w-5xl" data-live-blog="">
    <a href="/">Home</a>
    <header><h1>Blog</h1></header>
    <p class="sr-only" role="status" data-post-count="">${titles.length} posts</p>
    <ul aria-label="Blog" data-cards="">${titles.map((title) => card(title)).join('')}</ul>
    ${cursor === null ? '' : `<div class="mt-10 flex flex-col items-center gap-3">
      <button type="button" class="btn-secondary" data-load-more="${cursor}">Load more posts</button>
    </div>`}
  </div>`;

const blogPage = (titles: string[], cursor: string | null) =>
  `<!doctype html><html><head><title>Blog | Grove</title></head><body>${blogList(titles, cursor)}</body></html>`;

const cardsResponse = (titles: string[], nextCursor: string | null) =>
  new Response(JSON.stringify({ html: titles.map((title) => card(title)).join(''), nextCursor }), { headers: { 'content-type': 'application/json' } });
const pageResponse = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const titles = () => [...document.querySelectorAll('[data-cards] > li h2')].map((heading) => heading.textContent);
const loadMore = () => document.querySelector<HTMLButtonElement>('button[data-load-more]');
const postCount = () => document.querySelector('[data-post-count]')?.textContent;
const alerts = () => document.querySelectorAll('[data-live-blog] [role="alert"]');

function setUp(body: string) {
  document.body.innerHTML = `<script type="application/json" id="${PUBLIC_STRINGS_ID}">${JSON.stringify(STRINGS)}</script>${body}`;
  resetStrings();
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  const blog = enhanceBlog(document);
  return { blog, fetchMock };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/blog');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('Load more on the server-rendered blog', () => {
  it('does nothing on a page without the list', () => {
    const { blog } = setUp('<main><h1>About</h1></main>');
    expect(blog).toBeUndefined();
  });

  it('shows the loading text on a disabled button while the next cards load, then appends them and counts them', async () => {
    const { fetchMock } = setUp(blogList(['One', 'Two'], 'cursor-1'));
    const response = deferred<Response>();
    fetchMock.mockReturnValueOnce(response.promise);

    loadMore()!.click();

    expect(fetchMock).toHaveBeenCalledWith('/api/blog-cards?before=cursor-1', expect.anything());
    expect(loadMore()?.disabled).toBe(true);
    expect(loadMore()?.textContent).toBe('Loading more posts…');
    // A second click while it loads asks for nothing more.
    loadMore()!.click();
    expect(fetchMock).toHaveBeenCalledOnce();

    response.resolve(cardsResponse(['Three', 'Four'], 'cursor-2'));
    await vi.waitFor(() => expect(titles()).toEqual(['One', 'Two', 'Three', 'Four']));
    expect(postCount()).toBe('4 posts');
    expect(loadMore()?.disabled).toBe(false);
    expect(loadMore()?.textContent).toBe('Load more posts');
    expect(loadMore()?.dataset.loadMore).toBe('cursor-2');
    // The new cards' dates are the reader's.
    const date = document.querySelectorAll<HTMLTimeElement>('[data-cards] time')[3];
    expect(date?.textContent).toBe(formatDate('2026-01-15T12:00:00.000Z', 'list'));

    // The next click asks for the page after the new cursor.
    fetchMock.mockResolvedValueOnce(cardsResponse(['Five'], 'cursor-3'));
    loadMore()!.click();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/blog-cards?before=cursor-2', expect.anything());
    await vi.waitFor(() => expect(titles()).toHaveLength(5));
  });

  it('removes the button with its row when there is no next page', async () => {
    const { fetchMock } = setUp(blogList(['One'], 'cursor-1'));
    fetchMock.mockResolvedValueOnce(cardsResponse(['Two'], null));

    loadMore()!.click();

    await vi.waitFor(() => expect(titles()).toEqual(['One', 'Two']));
    expect(loadMore()).toBeNull();
    expect(document.querySelector('.mt-10')).toBeNull();
    expect(postCount()).toBe('2 posts');
  });

  it('shows one error alert and keeps the button on a failure; a later success removes the alert', async () => {
    const { fetchMock } = setUp(blogList(['One'], 'cursor-1'));
    fetchMock.mockResolvedValueOnce(new Response('{"error":"Internal"}', { status: 500 }));

    loadMore()!.click();

    await vi.waitFor(() => expect(alerts()).toHaveLength(1));
    expect(alerts()[0]?.textContent).toBe('Failed to load blog posts. Please try again later.');
    await vi.waitFor(() => expect(loadMore()?.disabled).toBe(false));
    expect(loadMore()?.textContent).toBe('Load more posts');
    expect(loadMore()?.dataset.loadMore).toBe('cursor-1');
    expect(titles()).toEqual(['One']);

    // Failing again shows no second alert.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    loadMore()!.click();
    await vi.waitFor(() => expect(loadMore()?.disabled).toBe(false));
    expect(alerts()).toHaveLength(1);

    fetchMock.mockResolvedValueOnce(cardsResponse(['Two'], 'cursor-2'));
    loadMore()!.click();
    await vi.waitFor(() => expect(titles()).toEqual(['One', 'Two']));
    expect(alerts()).toHaveLength(0);
  });
});

describe('the blog list refresh', () => {
  it('shows the list as the server renders this page now, with a working Load more', async () => {
    const { blog, fetchMock } = setUp(blogList(['One', 'Two'], 'cursor-1'));
    fetchMock.mockResolvedValueOnce(pageResponse(blogPage(['New', 'One'], 'cursor-new')));

    await blog!.refresh();

    expect(fetchMock).toHaveBeenCalledWith('/blog', expect.objectContaining({ cache: 'no-cache' }));
    expect(titles()).toEqual(['New', 'One']);
    expect(document.querySelector<HTMLTimeElement>('[data-cards] time')?.textContent).toBe(formatDate('2026-01-15T12:00:00.000Z', 'list'));

    fetchMock.mockResolvedValueOnce(cardsResponse(['Two'], null));
    loadMore()!.click();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/blog-cards?before=cursor-new', expect.anything());
    await vi.waitFor(() => expect(titles()).toEqual(['New', 'One', 'Two']));
    expect(loadMore()).toBeNull();
  });

  it('loads as many pages as were shown, and the count follows', async () => {
    const { blog, fetchMock } = setUp(blogList(['One', 'Two'], 'cursor-1'));
    fetchMock.mockResolvedValueOnce(cardsResponse(['Three'], 'cursor-2'));
    loadMore()!.click();
    await vi.waitFor(() => expect(titles()).toHaveLength(3));

    // One post was deleted: the second page starts one card earlier and is the last.
    fetchMock
      .mockResolvedValueOnce(pageResponse(blogPage(['One', 'Three'], 'cursor-fresh')))
      .mockResolvedValueOnce(cardsResponse(['Four'], null));
    await blog!.refresh();

    expect(fetchMock).toHaveBeenLastCalledWith('/api/blog-cards?before=cursor-fresh', expect.anything());
    expect(titles()).toEqual(['One', 'Three', 'Four']);
    expect(loadMore()).toBeNull();
    expect(postCount()).toBe('3 posts');
  });

  it('drops next cards that arrive after a refresh replaced the list, so Load more shows no card twice', async () => {
    const { blog, fetchMock } = setUp(blogList(['One', 'Two'], 'cursor-1'));
    const nextCards = deferred<Response>();
    fetchMock.mockReturnValueOnce(nextCards.promise);
    loadMore()!.click();

    // A change is heard while the next cards load: the list is shown again as the server has it, one page.
    fetchMock.mockResolvedValueOnce(pageResponse(blogPage(['One', 'Two'], 'cursor-1')));
    await blog!.refresh();
    nextCards.resolve(cardsResponse(['Three'], 'cursor-2'));
    await new Promise((done) => setTimeout(done, 0));

    expect(titles()).toEqual(['One', 'Two']);
    fetchMock.mockResolvedValueOnce(cardsResponse(['Three'], null));
    loadMore()!.click();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/blog-cards?before=cursor-1', expect.anything());
    await vi.waitFor(() => expect(loadMore()).toBeNull());
    expect(titles()).toEqual(['One', 'Two', 'Three']);
  });

  it('keeps the cards shown when the page cannot be read', async () => {
    const { blog, fetchMock } = setUp(blogList(['One'], 'cursor-1'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock
      .mockResolvedValueOnce(pageResponse('<html><body><h1>Error</h1></body></html>', 500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await blog!.refresh();
    expect(titles()).toEqual(['One']);
    await blog!.refresh();
    expect(titles()).toEqual(['One']);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('runs one refresh at a time, and once more for changes heard during it', async () => {
    const { blog, fetchMock } = setUp(blogList(['One'], null));
    const first = deferred<Response>();
    fetchMock
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(pageResponse(blogPage(['Newest', 'New', 'One'], null)));

    const running = blog!.refresh();
    void blog!.refresh();
    void blog!.refresh();
    expect(fetchMock).toHaveBeenCalledOnce();

    first.resolve(pageResponse(blogPage(['New', 'One'], null)));
    await running;

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(titles()).toEqual(['Newest', 'New', 'One']);
    expect(postCount()).toBe('3 posts');
  });
});

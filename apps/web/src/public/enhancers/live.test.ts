import { BLOG_POSTS_TOPIC, postTopic, siteContentTopic } from '@grove/domain/realtime/topic-names';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import type { Change, PublicRealtime } from '../realtime.ts';
import { PUBLIC_STRINGS_ID, resetStrings } from '../strings.ts';
import { startLive } from './live.ts';

// live.ts imports the toast when it first shows one.
const { showToast } = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../toast.ts', () => ({ showToast }));

const STRINGS = {
  'site.post.updated': 'This post has been updated.',
  'site.page.updated': 'The {{title}} page has been updated.',
  'site.blog.postCount_one': '{{count}} post',
  'site.blog.postCount_other': '{{count}} posts',
};

const POST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The PublicRealtime methods live.ts uses, with the server's messages played by the test. */
function fakeRealtime() {
  const topics = new Map<string, ((change: Change) => void)[]>();
  const refetchHandlers: (() => void)[] = [];
  const fake = {
    subscribe: vi.fn((topic: string, handler: (change: Change) => void) => {
      topics.set(topic, [...(topics.get(topic) ?? []), handler]);
    }),
    onRefetch: vi.fn((handler: () => void) => refetchHandlers.push(handler)),
    joinPresence: vi.fn(),
    leavePresence: vi.fn(),
    connect: vi.fn(),
    close: vi.fn(),
  };
  const change = (topic: string, event: Change['event'], key: string) => {
    const table = topic.startsWith('site_content') ? 'site_content' : 'blog_posts';
    for (const handler of topics.get(topic) ?? []) handler({ type: 'change', topic, table, event, key });
  };
  const refetch = () => refetchHandlers.forEach((handler) => handler());
  return { fake, change, refetch };
}

const pageResponse = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
const strings = `<script type="application/json" id="${PUBLIC_STRINGS_ID}">${JSON.stringify(STRINGS)}</script>`;
const head = (title: string, description: string) =>
  `<title>${title} | Grove</title><meta name="description" content="${description}"><script type="application/ld+json">{"headline":"${title}"}</script>`;

// features/blog/blog-post-screen.tsx as the server renders it for the page's scripts.
const postBody = (title: string, text: string) => `
  <div class="mx-auto max-w-3xl" data-live-post="${POST_ID}">
    <a href="/blog">Back to Blog</a>
    <article class="mt-6"><header><h1>${title}</h1></header><div class="prose"><p>${text}</p></div></article>
    <template data-live-deleted=""><div role="alert"><h1>This post has been deleted</h1><p>It is no longer available.</p><a href="/blog">Back to Blog</a></div></template>
  </div>`;

// features/site-pages/site-page-screen.tsx.
const staticBody = (title: string, text: string) => `
  <div class="mx-auto max-w-3xl" data-live-page="about">
    <button type="button" data-back-button="">Back</button>
    <h1 class="mt-6">${title}</h1>
    <div class="mt-8"><p>${text}</p></div>
  </div>`;

// features/blog/blog-list-screen.tsx, one page of cards.
const blogBody = (titles: string[]) => `
  <div data-live-blog="">
    <p class="sr-only" role="status" data-post-count="">${titles.length} posts</p>
    <ul data-cards="">${titles.map((title) => `<li><article><h2>${title}</h2></article></li>`).join('')}</ul>
  </div>`;

function setUp(path: string, title: string, body: string) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = head(title, `${title} description`);
  document.body.innerHTML = strings + body;
  resetStrings();
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  const realtime = fakeRealtime();
  // The fake has PublicRealtime's public methods, not its private fields.
  startLive(document, () => realtime.fake as unknown as PublicRealtime);
  return { ...realtime, fetchMock };
}

const text = (selector: string) => document.querySelector(selector)?.textContent?.trim();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  showToast.mockReset();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('a post\'s page, live', () => {
  it('swaps the article for the server\'s current one on its UPDATE, with the head, and says so in a toast', async () => {
    const { change, fetchMock } = setUp(`/blog/${POST_ID}`, 'Old title', postBody('Old title', 'Old text'));
    fetchMock.mockResolvedValueOnce(pageResponse(`<html><head>${head('New title', 'New description')}</head><body>${postBody('New title', 'New text')}</body></html>`));

    change(postTopic(POST_ID), 'UPDATE', POST_ID);

    await vi.waitFor(() => expect(text('[data-live-post] article h1')).toBe('New title'));
    expect(fetchMock).toHaveBeenCalledWith(`/blog/${POST_ID}`, expect.objectContaining({ cache: 'no-cache' }));
    expect(text('[data-live-post] article p')).toBe('New text');
    expect(document.querySelectorAll('[data-live-post] article')).toHaveLength(1);
    expect(document.title).toBe('New title | Grove');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('New description');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledOnce());
    expect(showToast).toHaveBeenCalledWith({ id: `post-updated:${POST_ID}`, type: 'info', title: 'This post has been updated.' });
  });

  it('ignores another post\'s UPDATE', async () => {
    const { change, fetchMock } = setUp(`/blog/${POST_ID}`, 'Title', postBody('Title', 'Text'));
    change(postTopic(POST_ID), 'UPDATE', OTHER_ID);
    change(BLOG_POSTS_TOPIC, 'DELETE', OTHER_ID);
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(text('[data-live-post] article h1')).toBe('Title');
  });

  it('shows the deleted notice from its template in the article\'s place on its DELETE, then the 404 page\'s head', async () => {
    const { change, fetchMock } = setUp(`/blog/${POST_ID}`, 'Title', postBody('Title', 'Text'));
    fetchMock.mockResolvedValueOnce(pageResponse('<html><head><title>Post not found | Grove</title><meta name="description" content="Gone"></head><body><div data-live-post=""><h1>Post not found</h1></div></body></html>', 404));

    change(BLOG_POSTS_TOPIC, 'DELETE', POST_ID);

    expect(document.querySelector('[data-live-post] article')).toBeNull();
    const notice = document.querySelector('[data-live-post] > [role="alert"]');
    expect(notice?.querySelector('h1')?.textContent).toBe('This post has been deleted');
    expect(notice?.querySelector('a')?.getAttribute('href')).toBe('/blog');
    await vi.waitFor(() => expect(document.title).toBe('Post not found | Grove'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('Gone');
    // Once: a second DELETE adds no second notice and asks for nothing more, and an UPDATE after it fetches nothing.
    change(BLOG_POSTS_TOPIC, 'DELETE', POST_ID);
    change(postTopic(POST_ID), 'UPDATE', POST_ID);
    expect(document.querySelectorAll('[data-live-post] [role="alert"]')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledOnce();
    // The notice stays whatever the server says.
    expect(document.querySelector('[data-live-post] article')).toBeNull();
  });

  it('keeps the head when the server cannot be reached after a DELETE', async () => {
    const { change, fetchMock } = setUp(`/blog/${POST_ID}`, 'Title', postBody('Title', 'Text'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    change(BLOG_POSTS_TOPIC, 'DELETE', POST_ID);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(document.title).toBe('Title | Grove');
    expect(text('[data-live-post] [role="alert"] h1')).toBe('This post has been deleted');
  });

  it('refreshes without a toast after a reconnect, and shows the notice when the post has gone meanwhile', async () => {
    const { refetch, fetchMock } = setUp(`/blog/${POST_ID}`, 'Title', postBody('Title', 'Text'));
    fetchMock.mockResolvedValueOnce(pageResponse(`<html><head>${head('Edited', 'd')}</head><body>${postBody('Edited', 'Text')}</body></html>`));

    refetch();
    await vi.waitFor(() => expect(text('[data-live-post] article h1')).toBe('Edited'));

    fetchMock.mockResolvedValueOnce(pageResponse('<html><head><title>Post not found | Grove</title></head><body><div data-live-post=""><h1>Post not found</h1></div></body></html>', 404));
    refetch();
    await vi.waitFor(() => expect(document.querySelector('[data-live-post] article')).toBeNull());
    expect(text('[data-live-post] [role="alert"] h1')).toBe('This post has been deleted');
    // The tab no longer names a post that is gone: the 404 page's head, as in the app.
    expect(document.title).toBe('Post not found | Grove');
    await new Promise((done) => setTimeout(done, 0));
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps the post shown when the refresh fails, and tries again on the next UPDATE', async () => {
    const { change, fetchMock } = setUp(`/blog/${POST_ID}`, 'Title', postBody('Title', 'Text'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    change(postTopic(POST_ID), 'UPDATE', POST_ID);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(text('[data-live-post] article h1')).toBe('Title');

    fetchMock.mockResolvedValueOnce(pageResponse(`<html><head>${head('Later', 'd')}</head><body>${postBody('Later', 'Text')}</body></html>`));
    change(postTopic(POST_ID), 'UPDATE', POST_ID);
    await vi.waitFor(() => expect(text('[data-live-post] article h1')).toBe('Later'));
  });
});

describe('a static page, live', () => {
  it('swaps the page for the server\'s current one on its UPDATE, keeping its Back button, and names it in the toast', async () => {
    const { change, fetchMock } = setUp('/about', 'About', staticBody('About', 'Old text'));
    const back = document.querySelector('[data-back-button]');
    fetchMock.mockResolvedValueOnce(pageResponse(`<html><head>${head('About us', 'd')}</head><body>${staticBody('About us', 'New text')}</body></html>`));

    change(siteContentTopic('about'), 'UPDATE', 'about');

    await vi.waitFor(() => expect(text('[data-live-page] h1')).toBe('About us'));
    expect(fetchMock).toHaveBeenCalledWith('/about', expect.anything());
    expect(text('[data-live-page] p')).toBe('New text');
    expect(document.querySelectorAll('[data-back-button]')).toHaveLength(1);
    expect(document.querySelector('[data-back-button]')).toBe(back);
    expect(document.title).toBe('About us | Grove');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledOnce());
    expect(showToast).toHaveBeenCalledWith({ id: 'page-updated:about', type: 'info', title: 'The About us page has been updated.' });
  });

  it('ignores another page\'s UPDATE', async () => {
    const { change, fetchMock } = setUp('/about', 'About', staticBody('About', 'Text'));
    change(siteContentTopic('about'), 'UPDATE', 'privacy');
    await Promise.resolve();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the blog list, live', () => {
  it('shows the server\'s current cards on any change of the posts, and after a reconnect', async () => {
    const { change, refetch, fetchMock } = setUp('/blog', 'Blog', blogBody(['One']));
    const titles = () => [...document.querySelectorAll('[data-cards] h2')].map((heading) => heading.textContent);
    fetchMock.mockResolvedValueOnce(pageResponse(`<html><body>${blogBody(['New', 'One'])}</body></html>`));

    change(BLOG_POSTS_TOPIC, 'INSERT', POST_ID);

    await vi.waitFor(() => expect(titles()).toEqual(['New', 'One']));
    expect(fetchMock).toHaveBeenCalledWith('/blog', expect.anything());
    expect(text('[data-post-count]')).toBe('2 posts');

    fetchMock.mockResolvedValueOnce(pageResponse(`<html><body>${blogBody(['One'])}</body></html>`));
    refetch();
    await vi.waitFor(() => expect(titles()).toEqual(['One']));
    expect(text('[data-post-count]')).toBe('1 post');
  });
});

describe('visitor presence on a public page', () => {
  const visit = { visitorId: 'visitor-kept', onlineAt: '2026-03-01T10:00:00.000Z' };

  it('joins once, as this tab\'s visit, and connects', async () => {
    sessionStorage.setItem(STORAGE_KEYS.visit, JSON.stringify(visit));
    const { fake } = setUp('/', 'Home', '<main><h1>Home</h1></main>');

    await vi.waitFor(() => expect(fake.connect).toHaveBeenCalledOnce());
    expect(fake.joinPresence).toHaveBeenCalledOnce();
    expect(fake.joinPresence).toHaveBeenCalledWith(visit.visitorId, visit.onlineAt);
    expect(fake.leavePresence).not.toHaveBeenCalled();
  });

  it('starts a visit when the tab has none, and keeps it for the next page', async () => {
    const { fake } = setUp('/', 'Home', '<main><h1>Home</h1></main>');

    await vi.waitFor(() => expect(fake.joinPresence).toHaveBeenCalledOnce());
    const [visitorId, onlineAt] = fake.joinPresence.mock.calls[0] as [string, string];
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.visit) ?? 'null')).toEqual({ visitorId, onlineAt });
  });

  it('leaves on entering /admin without a page load, and does not join when that comes first', async () => {
    sessionStorage.setItem(STORAGE_KEYS.visit, JSON.stringify(visit));
    const { fake } = setUp('/', 'Home', '<main><h1>Home</h1></main>');

    // A move within the public pages is not a leave.
    window.history.pushState(null, '', '/blog');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(fake.leavePresence).not.toHaveBeenCalled();

    window.history.pushState(null, '', '/admin/posts');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(fake.leavePresence).toHaveBeenCalledOnce();

    await new Promise((done) => setTimeout(done, 10));
    expect(fake.joinPresence).not.toHaveBeenCalled();
    expect(fake.connect).not.toHaveBeenCalled();
  });

  it('leaves on entering /admin after joining', async () => {
    sessionStorage.setItem(STORAGE_KEYS.visit, JSON.stringify(visit));
    const { fake } = setUp('/', 'Home', '<main><h1>Home</h1></main>');
    await vi.waitFor(() => expect(fake.joinPresence).toHaveBeenCalledOnce());

    window.history.pushState(null, '', '/admin');
    window.dispatchEvent(new PopStateEvent('popstate'));

    expect(fake.leavePresence).toHaveBeenCalledOnce();
  });
});

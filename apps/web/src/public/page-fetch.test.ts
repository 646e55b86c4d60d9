import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBlogCards, fetchPage, replaceChildren, replaceHead } from './page-fetch.ts';

const html = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
});

describe('fetchPage', () => {
  it('asks for the page as HTML, past any kept copy, and parses it; a 404 comes back with its page', async () => {
    const fetchMock = vi.fn<typeof fetch>()
      .mockResolvedValueOnce(html('<!doctype html><html><head><title>Post | Grove</title></head><body><h1>Post</h1></body></html>'))
      .mockResolvedValueOnce(html('<html><body><h1>Not found</h1></body></html>', 404));
    vi.stubGlobal('fetch', fetchMock);

    const found = await fetchPage('/blog/abc');
    expect(fetchMock).toHaveBeenCalledWith('/blog/abc', expect.objectContaining({ headers: { accept: 'text/html' }, cache: 'no-cache' }));
    expect(found.status).toBe(200);
    expect(found.page.title).toBe('Post | Grove');
    expect(found.page.querySelector('h1')?.textContent).toBe('Post');

    const gone = await fetchPage('/blog/abc');
    expect(gone.status).toBe(404);
    expect(gone.page.querySelector('h1')?.textContent).toBe('Not found');
  });
});

describe('fetchBlogCards', () => {
  it('reads the cards after a cursor, the cursor encoded, and the next cursor or null', async () => {
    const fetchMock = vi.fn<typeof fetch>()
      .mockResolvedValueOnce(json({ html: '<li>Card</li>', nextCursor: 'next' }))
      .mockResolvedValueOnce(json({ html: '<li>Last</li>', nextCursor: null }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(fetchBlogCards('2026-01-01T00:00:00Z|a&b')).resolves.toEqual({ html: '<li>Card</li>', nextCursor: 'next' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/blog-cards?before=2026-01-01T00%3A00%3A00Z%7Ca%26b');
    await expect(fetchBlogCards('next')).resolves.toEqual({ html: '<li>Last</li>', nextCursor: null });
  });

  it('throws on an error status and on a malformed body', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>()
      .mockResolvedValueOnce(json({ error: 'Invalid cursor.' }, 400))
      .mockResolvedValueOnce(json({ html: 3, nextCursor: null }))
      .mockResolvedValueOnce(json({ html: '<li></li>', nextCursor: 7 }))
      .mockResolvedValueOnce(json(null)));

    await expect(fetchBlogCards('x')).rejects.toThrow('(400)');
    await expect(fetchBlogCards('x')).rejects.toThrow('malformed');
    await expect(fetchBlogCards('x')).rejects.toThrow('malformed');
    await expect(fetchBlogCards('x')).rejects.toThrow('malformed');
  });
});

describe('replaceChildren', () => {
  it('puts the fresh children in, keeping the Back button element already here', () => {
    document.body.innerHTML = '<div id="current"><button data-back-button="">Back</button><h1>Old</h1><p>Old text</p></div>';
    const current = document.getElementById('current')!;
    const back = current.querySelector('button')!;
    const fresh = new DOMParser().parseFromString(
      '<div id="fresh"><button data-back-button="">Back (fresh)</button><h1>New</h1><p>New text</p></div>', 'text/html',
    ).getElementById('fresh')!;

    replaceChildren(current, fresh);

    expect(current.querySelector('h1')?.textContent).toBe('New');
    expect(current.querySelector('p')?.textContent).toBe('New text');
    expect(current.querySelector('[data-back-button]')).toBe(back);
    expect(back.textContent).toBe('Back');
    expect(current.firstElementChild).toBe(back);
    expect(current.querySelector('h1')?.ownerDocument).toBe(document);
  });

  it('takes the fresh Back button when there was none', () => {
    document.body.innerHTML = '<div id="current"><h1>Old</h1></div>';
    const current = document.getElementById('current')!;
    const fresh = new DOMParser().parseFromString('<div id="fresh"><button data-back-button="">Back</button><h1>New</h1></div>', 'text/html')
      .getElementById('fresh')!;

    replaceChildren(current, fresh);

    expect(current.querySelectorAll('[data-back-button]')).toHaveLength(1);
    expect(current.querySelector('h1')?.textContent).toBe('New');
  });
});

describe('replaceHead', () => {
  it('takes the fresh title, named meta tags and structured data, adding no tags', () => {
    document.title = 'Old | Grove';
    document.head.insertAdjacentHTML('beforeend', `
      <meta name="description" content="Old description">
      <meta property="og:title" content="Old">
      <script type="application/ld+json">{"headline":"Old"}</script>`);
    const fresh = new DOMParser().parseFromString(`<html><head><title>New | Grove</title>
      <meta name="description" content="New description">
      <meta property="og:title" content="New">
      <meta name="not-on-this-page" content="x">
      <script type="application/ld+json">{"headline":"New"}</script></head><body></body></html>`, 'text/html');

    replaceHead(document, fresh);

    expect(document.title).toBe('New | Grove');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe('New description');
    expect(document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.content).toBe('New');
    expect(document.head.querySelector('meta[name="not-on-this-page"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toBe('{"headline":"New"}');
  });

  it('keeps the title when the fresh page has none', () => {
    document.title = 'Kept | Grove';
    replaceHead(document, new DOMParser().parseFromString('<html><head></head><body></body></html>', 'text/html'));
    expect(document.title).toBe('Kept | Grove');
  });
});

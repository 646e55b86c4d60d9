// Reading the server's current rendering of a page or of the blog's next cards (decision 075): the public pages'
// scripts replace a part of the page with the same part as the server renders it now, so its markup stays React's.

/** This site's page at `path` as the server renders it now, parsed; its status too (a deleted post's page is a 404). */
export async function fetchPage(path: string): Promise<{ status: number; page: Document }> {
  // no-cache: the server dropped its kept page before it announced the change (apps/server/src/app.ts, ChangeFeed).
  const response = await fetch(path, { headers: { accept: 'text/html' }, cache: 'no-cache', credentials: 'same-origin' });
  return { status: response.status, page: new DOMParser().parseFromString(await response.text(), 'text/html') };
}

/** One page of the blog's cards (GET /api/blog-cards): the list items' HTML and the cursor of the page after it. */
export async function fetchBlogCards(before: string): Promise<{ html: string; nextCursor: string | null }> {
  const response = await fetch(`/api/blog-cards?before=${encodeURIComponent(before)}`, { headers: { accept: 'application/json' }, cache: 'no-cache' });
  if (!response.ok) throw new Error(`The next posts could not be read (${response.status}).`);
  const body: unknown = await response.json();
  const { html, nextCursor } = (typeof body === 'object' && body !== null ? body : {}) as { html?: unknown; nextCursor?: unknown };
  if (typeof html !== 'string' || (typeof nextCursor !== 'string' && nextCursor !== null)) throw new Error('The next posts came back malformed.');
  return { html, nextCursor };
}

/**
 * `current`'s children replaced by `fresh`'s, in this document; a child marked `data-back-button` stays the one
 * already here (its script is attached to it: public/enhancers/back-button.ts).
 */
export function replaceChildren(current: Element, fresh: Element): void {
  const kept = current.querySelector(':scope > [data-back-button]');
  const children = [...fresh.childNodes].map((node) => {
    if (kept && node instanceof Element && node.matches('[data-back-button]')) return kept;
    return current.ownerDocument.importNode(node, true);
  });
  current.replaceChildren(...children);
}

/** The head's title, description and other named meta tags, and its structured data, as `fresh`'s. */
export function replaceHead(document: Document, fresh: Document): void {
  if (fresh.title) document.title = fresh.title;
  for (const meta of fresh.head.querySelectorAll<HTMLMetaElement>('meta[name], meta[property]')) {
    const key = meta.name ? `name="${CSS.escape(meta.name)}"` : `property="${CSS.escape(meta.getAttribute('property') ?? '')}"`;
    const mine = document.head.querySelector<HTMLMetaElement>(`meta[${key}]`);
    if (mine && mine.content !== meta.content) mine.content = meta.content;
  }
  const data = fresh.head.querySelector('script[type="application/ld+json"]');
  const mine = document.head.querySelector('script[type="application/ld+json"]');
  if (data && mine) mine.textContent = data.textContent;
}

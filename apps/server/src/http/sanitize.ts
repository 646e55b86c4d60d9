import sanitizeHtml from 'sanitize-html';
import { HttpError } from './errors.ts';

// Allowlist for blog and static-page HTML: text structure, links and images only. Anything else (script,
// style, iframe, event handlers, javascript: URLs) is dropped, whatever the input.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'small',
    'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An image loads from https or this site's uploads only, as in the browser's allowlist (apps/web/src/lib/
    // sanitize-html.ts): a relative 'x' would be fetched from whatever page shows the post.
    img: (tagName, attribs) => {
      const kept = { ...attribs };
      if (kept.src !== undefined && !allowedImageSource(kept.src)) delete kept.src;
      return { tagName, attribs: kept };
    },
    // A link opening a new tab must not hand the opener to the target page. Browsers read '_blank' in any
    // case, and any other target names a window that would get the opener: only a new tab is kept.
    a: (tagName, { target, rel, ...attribs }) => (target?.toLowerCase() === '_blank'
      ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
      : { tagName, attribs: rel === undefined ? attribs : { ...attribs, rel } }),
  },
};

function allowedImageSource(src: string): boolean {
  const value = src.trim();
  return /^https:\/\//i.test(value) || (value.startsWith('/storage/') && !value.startsWith('//'));
}

// Stored HTML is cleaned again on every read and change event (defence against rows written around the API),
// and the same strings come back each time: after a change, every post of the list is cleaned again to refill
// the public cache, and an update's event carries the old and new content. Results are kept by input, oldest
// out first, within a bound on entries and on characters held.
const MEMO_MAX_ENTRIES = 512;
const MEMO_MAX_CHARS = 4_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

/** What the memo holds now (for tests of its bounds). */
export function sanitizeMemoSize(): { entries: number; chars: number } {
  return { entries: memo.size, chars: memoChars };
}

/** Sanitised HTML (the allowlist above), trimmed. */
export function sanitizeContentHtml(html: string): string {
  const known = memo.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const size = html.length + clean.length;
  if (size <= MEMO_MAX_CHARS / 4) {
    memo.set(html, clean);
    memoChars += size;
    for (const [input, output] of memo) {
      if (memo.size <= MEMO_MAX_ENTRIES && memoChars <= MEMO_MAX_CHARS) break;
      memo.delete(input);
      memoChars -= input.length + output.length;
    }
  }
  return clean;
}

/**
 * HTML about to be stored: sanitised, non-empty, and within the limit. Sanitising can lengthen the HTML
 * (entities, closed tags), so the limit is checked on what is stored, with the contract's clear message.
 */
export function sanitizeStoredHtml(html: string, max: number): string {
  const clean = sanitizeContentHtml(html);
  if (clean === '') throw new HttpError(400, 'Content is required.');
  if (clean.length > max) {
    throw new HttpError(400, `Content must be at most ${max} characters (after removing disallowed HTML and escaping).`);
  }
  return clean;
}

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
    // A link opening a new tab must not hand the opener to the target page. Browsers read '_blank' in any
    // case, and any other target names a window that would get the opener: only a new tab is kept.
    a: (tagName, { target, rel, ...attribs }) => (target?.toLowerCase() === '_blank'
      ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
      : { tagName, attribs: rel === undefined ? attribs : { ...attribs, rel } }),
  },
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
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

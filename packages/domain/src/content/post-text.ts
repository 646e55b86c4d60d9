// The admin blog editor's content field (docs/product.md, Admin): the admin types plain text; each non-blank line
// becomes a paragraph of the post's HTML, and editing a post turns its paragraphs back into blank-line-separated
// text. Pure string work, so the browser and the tests run the same code (no DOM).

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', nbsp: ' ' };

/** Character references back to characters; an unknown name or an invalid code point is left as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, reference: string) => {
    if (reference.startsWith('#')) {
      const hex = reference[1] === 'x' || reference[1] === 'X';
      const code = Number.parseInt(reference.slice(hex ? 2 : 1), hex ? 16 : 10);
      const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return NAMED[reference.toLowerCase()] ?? whole;
  });
}

/** Each non-blank line, trimmed and escaped, as one `<p>`; blank lines only separate. Empty text: ''. */
export function postTextToHtml(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
}

// Where one block of text ends: a closing block element, or a line break inside one.
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|div|figcaption|td|th|tr)\s*>|<br\s*\/?>|<(?:hr)\s*\/?>/gi;

/**
 * A post's HTML as the editor's text: one line per paragraph (or other block), separated by a blank line;
 * markup dropped, entities decoded, whitespace inside a line collapsed. Formatting beyond paragraphs (headings,
 * lists, links) does not survive an edit in this editor: what is kept is every word, in order.
 */
export function postHtmlToText(html: string): string {
  return html
    .split(BLOCK_END)
    .map((block) => decodeHtmlEntities(block.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n\n');
}

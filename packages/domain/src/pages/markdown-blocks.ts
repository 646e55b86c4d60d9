import { safeHref, sanitizeBlockHtml } from '../workspace/block-html.ts';
import { escapeAttribute, escapeText } from '../workspace/html-text.ts';
import type { Block } from '../workspace/model.ts';

// Pasted Markdown as blocks (decision 049): one block per line, with the few inline marks a block can hold. Not
// CommonMark: no nesting of blocks, no tables or images; what it does not read stays as text. HTML typed in the
// Markdown is text too: every block's content goes through sanitizeBlockHtml after escaping.

const HEADING = /^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const TODO = /^(?:[-*+][ \t]+)?\[([ xX]?)\](?:[ \t]+(.*))?$/;
const BULLET = /^[-*+][ \t]+(.*)$/;
const QUOTE = /^>[ \t]?(.*)$/;
const FENCE = /^[ \t]*```/;
const NUMBERED = /^\d{1,9}[.)][ \t]/;

const isWordCharacter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * Where the emphasis opened at `from` with `delimiter` closes, or -1. A closing delimiter follows a non-space
 * character; for a single one, a double one met on the way is skipped ('*a **b** c*'), and for a run of three
 * the last two close ('***x***').
 */
function findClose(text: string, from: number, delimiter: string): number {
  const char = delimiter.charAt(0);
  for (let at = from; at < text.length; at += 1) {
    if (text[at] === '\\') {
      at += 1;
      continue;
    }
    if (text[at] === '`') {
      const close = text.indexOf('`', at + 1);
      if (close !== -1) at = close;
      continue;
    }
    if (!text.startsWith(delimiter, at)) continue;
    let close = at;
    if (delimiter.length === 2) {
      while (text[close + 2] === char) close += 1;
    } else if (text[at + 1] === char) {
      at += 1;
      continue;
    }
    if (close > from && !isSpace(text[close - 1]) && (char !== '_' || !isWordCharacter(text[close + delimiter.length]))) return close;
    at = close + delimiter.length - 1;
  }
  return -1;
}

/** `[text](url)` at `from`, given where the next ']' is: the text, the address and where it ends; null when there is none. */
function readLink(text: string, from: number, close: number): { label: string; url: string; end: number } | null {
  const label = text.slice(from + 1, close);
  if (close === -1 || label === '' || label.includes('\n')) return null;
  const address = /\(([^()\s]*)\)/y;
  address.lastIndex = close + 1;
  const match = address.exec(text);
  return match ? { label, url: match[1] ?? '', end: address.lastIndex } : null;
}

interface Inline { html: string; marked: boolean }

/** Inline Markdown as escaped HTML; `marked` when a mark or a link was read. */
function inlineMarkdown(text: string): Inline {
  let html = '';
  let marked = false;
  // A delimiter that found no close will find none further on either: not searching again keeps a line of
  // thousands of unmatched '*' linear.
  const unclosed = new Set<string>();
  let nextBracket = 0;
  for (let at = 0; at < text.length;) {
    const char = text.charAt(at);
    const next = text[at + 1];
    if (char === '\\' && next !== undefined && /[\\`*_[\]()#+\-.!>]/.test(next)) {
      html += escapeText(next);
      at += 2;
      continue;
    }
    if (char === '`') {
      const close = text.indexOf('`', at + 1);
      if (close > at + 1) {
        html += `<code>${escapeText(text.slice(at + 1, close))}</code>`;
        marked = true;
        at = close + 1;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const double = next === char;
      const delimiter = double ? char + char : char;
      const start = at + delimiter.length;
      const opens = !isSpace(text[start]) && (char !== '_' || !isWordCharacter(text[at - 1]));
      const close = opens && !unclosed.has(delimiter) ? findClose(text, start, delimiter) : -1;
      if (opens && close === -1) unclosed.add(delimiter);
      if (close > start) {
        const inner = inlineMarkdown(text.slice(start, close));
        const tag = double ? 'strong' : 'em';
        html += `<${tag}>${inner.html}</${tag}>`;
        marked = true;
        at = close + delimiter.length;
        continue;
      }
    }
    if (char === '[') {
      // The next ']' is looked for once per ']', not once per '[' (a line of many '[' stays linear).
      if (nextBracket !== -1 && nextBracket <= at) nextBracket = text.indexOf(']', at + 1);
      const link = readLink(text, at, nextBracket);
      if (link) {
        const label = inlineMarkdown(link.label);
        const href = safeHref(link.url);
        html += href === null ? label.html : `<a href="${escapeAttribute(href)}">${label.html}</a>`;
        marked = true;
        at = link.end;
        continue;
      }
    }
    html += escapeText(char);
    at += 1;
  }
  return { html, marked };
}

const lines = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/**
 * True when the text reads as Markdown: a line starts with a '#' heading, a todo or list marker or a code
 * fence, or the text holds **bold**, *em*, _em_, `code` or a [link](url).
 */
export function looksLikeMarkdown(text: string): boolean {
  return lines(text).some((line) => {
    const trimmed = line.trimStart();
    return HEADING.test(trimmed) || TODO.test(trimmed) || BULLET.test(trimmed) || NUMBERED.test(trimmed) || FENCE.test(line)
      || inlineMarkdown(trimmed).marked;
  });
}

/**
 * One block per non-blank line: '#'..'######' headings; '- [ ] ', '- [x] ', '* [ ] ', '[] ', '[ ] ', '[x] ' todos
 * (checked for x or X); '- ', '* ', '+ ' bullets as paragraphs starting with '• '; '> ' quotes without the
 * marker; the lines inside ``` fences as <code> paragraphs; anything else, numbered items too, as paragraphs.
 */
export function markdownToBlocks(text: string, newBlockId: () => string): Block[] {
  const blocks: Block[] = [];
  const add = (type: Block['type'], html: string, checked?: boolean) => {
    const content = sanitizeBlockHtml(html);
    blocks.push(checked === undefined ? { id: newBlockId(), type, content } : { id: newBlockId(), type, content, checked });
  };
  let inFence = false;
  for (const line of lines(text)) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (line.trim() === '') continue;
    if (inFence) {
      add('paragraph', `<code>${escapeText(line)}</code>`);
      continue;
    }
    const trimmed = line.trim();
    const heading = HEADING.exec(trimmed);
    const todo = heading ? null : TODO.exec(trimmed);
    const bullet = heading || todo ? null : BULLET.exec(trimmed);
    const quote = heading || todo || bullet ? null : QUOTE.exec(trimmed);
    if (heading) add('heading', inlineMarkdown(heading[1] ?? '').html);
    else if (todo) add('todo', inlineMarkdown(todo[2] ?? '').html, todo[1] === 'x' || todo[1] === 'X');
    else if (bullet) add('paragraph', `• ${inlineMarkdown(bullet[1] ?? '').html}`);
    else if (quote) {
      if ((quote[1] ?? '').trim() !== '') add('paragraph', inlineMarkdown(quote[1] ?? '').html);
    } else add('paragraph', inlineMarkdown(trimmed).html);
  }
  return blocks;
}

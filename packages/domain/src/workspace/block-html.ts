import { decodeCharacterReferences, escapeAttribute, escapeText } from './html-text.ts';
import type { Block } from './model.ts';

// A block's rich text is HTML (model.ts). What is stored, loaded or imported keeps only what the block editor
// itself makes, in the form its serialiser writes (decision 049): <strong>, <em>, <code>, <a href> with a safe
// address, <br>, and escaped text. The reading is string-based (the domain has no DOM) and follows the HTML
// tokenizer where it matters; where it differs from a browser, the output is still only that small form, so a
// difference can cost some text, never let markup through.

type Mark = 'strong' | 'em' | 'code' | 'a';

const MARK_OF_TAG: Readonly<Record<string, Mark>> = { strong: 'strong', b: 'strong', em: 'em', i: 'em', code: 'code', a: 'a' };

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'title', 'head', 'svg', 'math',
  'xmp', 'noembed', 'noframes',
]);

/** Elements whose content is raw text up to their end tag (a '<' inside starts no tag), as in browsers. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noscript', 'xmp', 'noembed', 'noframes']);

/** Void elements have no end tag, so a dropped one drops nothing after it. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** Block-level tags: each becomes a line break between the texts around it (never at the start or end). */
const BLOCK_LEVEL = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'hr',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'section', 'article', 'header', 'footer', 'nav',
  'aside', 'main', 'address', 'figure', 'figcaption', 'details', 'summary', 'fieldset', 'legend', 'form', 'center',
]);

// --- Reading ---------------------------------------------------------------------------------------------

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: 'end'; name: string };

const isWhitespace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\f' || char === '\r';
const isAsciiLetter = (char: string | undefined) => char !== undefined && /^[A-Za-z]$/.test(char);
const asciiLowerCase = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * The tag starting at `from` ('<' or '</' then a letter); null when the input ends inside it (a browser then
 * drops the unfinished tag, and so does this). The first of a repeated attribute wins, as in browsers.
 */
function readTag(html: string, from: number): { token: Token; next: number } | null {
  const isEnd = html[from + 1] === '/';
  let at = from + (isEnd ? 2 : 1);
  const nameStart = at;
  while (at < html.length && !isWhitespace(html[at]) && html[at] !== '/' && html[at] !== '>') at += 1;
  const name = asciiLowerCase(html.slice(nameStart, at));
  const attributes = new Map<string, string>();
  for (;;) {
    while (isWhitespace(html[at])) at += 1;
    if (at >= html.length) return null;
    if (html[at] === '>') {
      const token: Token = isEnd ? { kind: 'end', name } : { kind: 'start', name, attributes, selfClosing: false };
      return { token, next: at + 1 };
    }
    if (html[at] === '/') {
      if (html[at + 1] === '>') {
        const token: Token = isEnd ? { kind: 'end', name } : { kind: 'start', name, attributes, selfClosing: true };
        return { token, next: at + 2 };
      }
      at += 1;
      continue;
    }
    const attributeStart = at;
    at += 1; // a first '=' belongs to the name
    while (at < html.length && !isWhitespace(html[at]) && html[at] !== '/' && html[at] !== '>' && html[at] !== '=') at += 1;
    const attribute = asciiLowerCase(html.slice(attributeStart, at));
    let value = '';
    while (isWhitespace(html[at])) at += 1;
    if (html[at] === '=') {
      at += 1;
      while (isWhitespace(html[at])) at += 1;
      const quote = html[at];
      if (quote === '"' || quote === '\'') {
        const close = html.indexOf(quote, at + 1);
        if (close === -1) return null;
        value = html.slice(at + 1, close);
        at = close + 1;
      } else {
        const valueStart = at;
        while (at < html.length && !isWhitespace(html[at]) && html[at] !== '>') at += 1;
        value = html.slice(valueStart, at);
      }
    }
    if (!attributes.has(attribute)) attributes.set(attribute, decodeCharacterReferences(value));
  }
}

/** Where a comment, a bogus comment ('<!x', '<?x', '</1'), or a CDATA section starting at `from` ends. */
function skipNonTag(html: string, from: number): number {
  if (html.startsWith('<!--', from)) {
    if (html.startsWith('>', from + 4)) return from + 5;
    if (html.startsWith('->', from + 4)) return from + 6;
    const end = /--!?>/g;
    end.lastIndex = from + 4;
    const found = end.exec(html);
    return found ? found.index + found[0].length : html.length;
  }
  if (html.startsWith('<![CDATA[', from)) {
    const end = html.indexOf(']]>', from + 9);
    return end === -1 ? html.length : end + 3;
  }
  const end = html.indexOf('>', from + 2);
  return end === -1 ? html.length : end + 1;
}

function* tokenize(input: string): Generator<Token> {
  const html = input.replace(/\r\n?/g, '\n');
  let textStart = 0;
  let at = 0;
  const flushText = function* (end: number): Generator<Token> {
    if (end > textStart) yield { kind: 'text', text: decodeCharacterReferences(html.slice(textStart, end)) };
  };
  while ((at = html.indexOf('<', at)) !== -1) {
    const next = html[at + 1];
    const isTag = isAsciiLetter(next) || (next === '/' && isAsciiLetter(html[at + 2]));
    if (!isTag && next !== '!' && next !== '?' && next !== '/') {
      at += 1; // a '<' that starts nothing is text
      continue;
    }
    if (!isTag && next === '/' && at + 2 >= html.length) break; // '</' at the very end is text
    yield* flushText(at);
    if (!isTag) {
      at = html.startsWith('</>', at) ? at + 3 : skipNonTag(html, at);
      textStart = at;
      continue;
    }
    const tag = readTag(html, at);
    if (!tag) return;
    yield tag.token;
    at = tag.next;
    if (tag.token.kind === 'start' && RAW_TEXT.has(tag.token.name)) {
      // The content is skipped: every raw-text element is a dropped one.
      const endTag = new RegExp(`</${tag.token.name}[\\t\\n\\f />]`, 'gi');
      endTag.lastIndex = at;
      const end = endTag.exec(html);
      if (!end) return;
      const close = readTag(html, end.index);
      if (!close) return;
      yield close.token;
      at = close.next;
    }
    textStart = at;
  }
  yield* flushText(html.length);
}

// --- Links -----------------------------------------------------------------------------------------------

/**
 * The address a link may keep, or null: http:, https: and mailto: addresses, and relative ones starting with '/'
 * or '#'. Control characters go (browsers ignore tabs and line breaks inside a scheme, 'java\tscript:'), and
 * so do surrounding spaces; what is left is what the check saw and what is stored.
 */
export function safeHref(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const href = raw.replace(/[\u0000-\u001F\u007F]/g, '').trim();
  if (href.startsWith('/') || href.startsWith('#')) return href;
  const scheme = /^([A-Za-z][A-Za-z\d+.-]*):/.exec(href)?.[1];
  if (scheme === undefined) return null;
  return ['http', 'https', 'mailto'].includes(asciiLowerCase(scheme)) ? href : null;
}

// --- Building --------------------------------------------------------------------------------------------

/** The one <br>: nodes are strings (text), this, or marks. */
const LINE_BREAK = { lineBreak: true } as const;
interface MarkElement { mark: Mark; href: string | null; children: InlineNode[] }
type InlineNode = string | typeof LINE_BREAK | MarkElement;

/** An open tag of a mark; `element` null when it adds nothing (the same mark is already on, or an unsafe link). */
interface OpenMark { mark: Mark; href: string | null; element: MarkElement | null }

const MAX_OPEN_TAGS = 64;

class InlineBuilder {
  readonly root: InlineNode[] = [];
  private readonly open: OpenMark[] = [];
  private pendingBreak = false;
  private last: 'nothing' | 'text' | 'break' = 'nothing';

  private container(): InlineNode[] {
    for (let index = this.open.length - 1; index >= 0; index -= 1) {
      const element = this.open[index]?.element;
      if (element) return element.children;
    }
    return this.root;
  }

  openMark(mark: Mark, href: string | null): void {
    // Past this depth a tag is ignored: the output nests at most one of each mark, and a pasted wall of
    // thousands of <b> must not make each step walk the whole stack.
    if (this.open.length >= MAX_OPEN_TAGS) return;
    const adds = (mark !== 'a' || href !== null) && !this.open.some((entry) => entry.element && entry.mark === mark);
    const element = adds ? { mark, href, children: [] } : null;
    if (element) this.container().push(element);
    this.open.push({ mark, href, element });
  }

  /** Closes the innermost open tag of the mark; tags opened inside it and still open are reopened after it. */
  closeMark(mark: Mark): void {
    const index = this.open.findLastIndex((entry) => entry.mark === mark);
    if (index === -1) return;
    const inside = this.open.splice(index).slice(1);
    for (const entry of inside) this.openMark(entry.mark, entry.href);
  }

  text(text: string): void {
    const kept = text.replaceAll('\0', '');
    if (kept === '') return;
    if (this.pendingBreak) {
      // Whitespace between block-level tags is layout, not text.
      if (/^[ \t\n\f]*$/.test(kept)) return;
      if (this.last === 'text') this.container().push(LINE_BREAK);
      this.pendingBreak = false;
    }
    this.container().push(kept);
    this.last = 'text';
  }

  lineBreak(): void {
    this.container().push(LINE_BREAK);
    this.pendingBreak = false;
    this.last = 'break';
  }

  blockBoundary(): void {
    this.pendingBreak = true;
  }
}

const isMark = (node: InlineNode): node is MarkElement => typeof node !== 'string' && 'children' in node;

// --- Runs ------------------------------------------------------------------------------------------------

/** The marks on a run of text, by the editor's mark names; a link holds its address. */
export interface InlineMarks {
  readonly bold?: true;
  readonly italic?: true;
  readonly code?: true;
  readonly link?: string;
}

/** A block's inline content as the editor's document holds it: runs of text with their marks, and line breaks. */
export type InlineRun = { readonly text: string; readonly marks: InlineMarks } | { readonly lineBreak: true };

/** The editor's marks outermost first (its schema's order: link, then bold, italic, code), with their tags. */
const MARK_ORDER = ['link', 'bold', 'italic', 'code'] as const;
type MarkName = (typeof MARK_ORDER)[number];
const MARK_NAME_OF: Readonly<Record<Mark, MarkName>> = { a: 'link', strong: 'bold', em: 'italic', code: 'code' };
const TAG_OF: Readonly<Record<MarkName, string>> = { link: 'a', bold: 'strong', italic: 'em', code: 'code' };

export const sameMarks = (a: InlineMarks, b: InlineMarks): boolean =>
  a.bold === b.bold && a.italic === b.italic && a.code === b.code && a.link === b.link;

function flatten(nodes: readonly InlineNode[], marks: InlineMarks, runs: InlineRun[]): InlineRun[] {
  for (const node of nodes) {
    if (typeof node === 'string') {
      const last = runs.at(-1);
      if (last && 'text' in last && sameMarks(last.marks, marks)) runs[runs.length - 1] = { text: last.text + node, marks };
      else runs.push({ text: node, marks });
    } else if (!isMark(node)) {
      runs.push({ lineBreak: true });
    } else {
      const name = MARK_NAME_OF[node.mark];
      flatten(node.children, { ...marks, [name]: name === 'link' ? node.href ?? '' : true }, runs);
    }
  }
  return runs;
}

/**
 * The runs as HTML, the way the editor's serialiser writes its document: marks nested in the schema's order, a
 * mark left open across runs that share it, text escaped as innerHTML escapes it, a line break without marks.
 */
export function runsToHtml(runs: readonly InlineRun[]): string {
  let html = '';
  const open: [MarkName, string | undefined][] = [];
  for (const run of runs) {
    if ('text' in run && run.text === '') continue;
    const wanted = 'text' in run ? MARK_ORDER.filter((name) => run.marks[name] !== undefined).map((name) => [name, run.marks[name]] as [MarkName, string | undefined]) : [];
    let keep = 0;
    const same = (index: number) => open[index]?.[0] === wanted[index]?.[0] && open[index]?.[1] === wanted[index]?.[1];
    while (keep < open.length && keep < wanted.length && same(keep)) keep += 1;
    while (open.length > keep) html += `</${TAG_OF[(open.pop() as [MarkName, unknown])[0]]}>`;
    for (const [name, value] of wanted.slice(keep)) {
      html += name === 'link' ? `<a href="${escapeAttribute(typeof value === 'string' ? value : '')}">` : `<${TAG_OF[name]}>`;
      open.push([name, value]);
    }
    html += 'text' in run ? escapeText(run.text) : '<br>';
  }
  while (open.length > 0) html += `</${TAG_OF[(open.pop() as [MarkName, unknown])[0]]}>`;
  return html;
}

/** A block's HTML (any, read as sanitizeBlockHtml reads it) as runs. */
export function blockRuns(html: string): InlineRun[] {
  return flatten(readInline(html), {}, []);
}

/**
 * A block's HTML in the editor's own form (decision 049). Kept: <strong> (also from <b>), <em> (from <i>),
 * <code>, <a href> with a safeHref address (an unsafe link keeps its text), <br>. Other tags go and their text
 * stays, except inside DROPPED elements; block-level tags become a <br> between texts; comments go. Tags are
 * balanced, mis-nesting mended as browsers mend it, a mark inside the same mark and empty marks dropped; marks are
 * nested in the editor's order (link outermost, then bold, italic, code) and a line break carries none, as the
 * editor's shared document holds them (replica/page-blocks.ts). Text is escaped as innerHTML escapes it. Idempotent.
 */
export function sanitizeBlockHtml(html: string): string {
  return runsToHtml(blockRuns(html));
}

function readInline(html: string): InlineNode[] {
  const builder = new InlineBuilder();
  let dropping: { name: string; depth: number } | null = null;
  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping.name && !(token.selfClosing && isForeign(token.name))) dropping.depth += 1;
      if (token.kind === 'end' && token.name === dropping.name) dropping.depth -= 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      builder.text(token.text);
      continue;
    }
    const { name } = token;
    const mark = Object.hasOwn(MARK_OF_TAG, name) ? MARK_OF_TAG[name] : undefined;
    if (token.kind === 'start' && DROPPED.has(name)) {
      // svg and math are foreign content, where '/>' closes the element; elsewhere it is ignored.
      if (!VOID.has(name) && !(token.selfClosing && isForeign(name))) dropping = { name, depth: 1 };
    } else if (name === 'br') {
      builder.lineBreak(); // '</br>' too, as browsers read it
    } else if (BLOCK_LEVEL.has(name)) {
      builder.blockBoundary();
    } else if (mark && token.kind === 'start') {
      builder.openMark(mark, mark === 'a' ? safeHref(token.attributes.get('href')) : null);
    } else if (mark) {
      builder.closeMark(mark);
    }
  }
  return builder.root;
}

const isForeign = (name: string) => name === 'svg' || name === 'math';

/** The block with its content sanitised; the same object when nothing changed. */
export function sanitizeBlock<B extends Block>(block: B): B {
  const content = sanitizeBlockHtml(block.content);
  return content === block.content ? block : { ...block, content };
}

/** The blocks sanitised; the same list when no block changed. */
export function sanitizeBlocks<B extends Block>(blocks: readonly B[]): readonly B[] {
  const sanitized = blocks.map(sanitizeBlock);
  return sanitized.every((block, index) => block === blocks[index]) ? blocks : sanitized;
}

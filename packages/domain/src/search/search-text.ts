// How workspace search reads text (issue 32): words of letters and digits in any script, compared without case or
// accents. The index (apps/web/src/features/command-palette/workspace-index.ts) and the highlighting below use the
// same words, so every word a result matched can be marked where it stands.

/** A word: a run of letters (with their combining marks) and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** A word as the index keeps it: lower case, accents dropped ('Élan' → 'elan'). */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of a text, as written. */
export function searchWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

export interface TextPart {
  text: string;
  /** Whether this part is a word the search matched. */
  match: boolean;
}

/** The text cut into parts, the words whose folded form is in `matched` marked, in order; nothing is dropped. */
export function highlightParts(text: string, matched: ReadonlySet<string>): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const found of text.matchAll(WORD)) {
    if (!matched.has(foldWord(found[0]))) continue;
    if (found.index > from) parts.push({ text: text.slice(from, found.index), match: false });
    parts.push({ text: found[0], match: true });
    from = found.index + found[0].length;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Characters shown on each side of the first match in a snippet. */
export const SNIPPET_RADIUS = 60;

/**
 * A short piece of a long text around its first matched word, cut at word boundaries, with '…' where it was cut;
 * the text's start when no word matches. Whitespace runs (block breaks) become one space.
 */
export function snippet(text: string, matched: ReadonlySet<string>, radius = SNIPPET_RADIUS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let at = 0;
  let length = 0;
  for (const found of flat.matchAll(WORD)) {
    if (matched.has(foldWord(found[0]))) {
      at = found.index;
      length = found[0].length;
      break;
    }
  }
  let start = Math.max(0, at - radius);
  let end = Math.min(flat.length, at + length + radius);
  // Not in the middle of a word: move to the next space inwards.
  if (start > 0) start = flat.indexOf(' ', start) >= 0 && flat.indexOf(' ', start) < at ? flat.indexOf(' ', start) + 1 : at;
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    end = space > at + length ? space : at + length;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

// The text the store wrote before decision 061: the spec's JSON with its few characters above U+00FF escaped, so
// Chromium kept it at one byte per character. Kept here as the reference the new store is measured against.

const ABOVE_LATIN1 = /[\u0100-\uffff]/g;
/** Escape when at most this share of the characters needs it, or at most this many (an icon, a word). */
const MAX_ESCAPED_SHARE = 0.05;
const ALWAYS_ESCAPED_COUNT = 8;

export function latin1Json(text: string): string {
  const found = text.match(ABOVE_LATIN1);
  if (!found || (found.length > ALWAYS_ESCAPED_COUNT && found.length > text.length * MAX_ESCAPED_SHARE)) return text;
  return text.replace(ABOVE_LATIN1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

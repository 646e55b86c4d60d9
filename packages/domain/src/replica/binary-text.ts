// The workspace's Yjs state is binary; local storage holds text. Base64 would add a third. Instead each byte is
// one character U+0000-U+00FF (so Chromium keeps the string at one byte per character), except the bytes that
// JSON.stringify would escape into six characters: the controls below 0x20, '"' and '\'. Those, and the escape
// character itself (DEL, 0x7F), are written as DEL followed by one safe character. The text then goes into the
// stored JSON as it is. docs/decisions/061-yjs-merge-engine.md.

const ESCAPE = 0x7f;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Controls 0x00-0x1F become DEL + 0x80-0x9F, which JSON leaves alone. */
const CONTROL_OFFSET = 0x80;
const QUOTE_CODE = 0xa0;
const BACKSLASH_CODE = 0xa1;
const ESCAPE_CODE = 0xa2;

function escaped(byte: number): number | null {
  if (byte < 0x20) return byte + CONTROL_OFFSET;
  if (byte === QUOTE) return QUOTE_CODE;
  if (byte === BACKSLASH) return BACKSLASH_CODE;
  if (byte === ESCAPE) return ESCAPE_CODE;
  return null;
}

const utf16 = new TextDecoder('utf-16le');

export function bytesToText(bytes: Uint8Array): string {
  // The character codes laid out as UTF-16 code units and decoded in one call: no string is built per byte.
  const codes = new Uint16Array(bytes.length * 2);
  let length = 0;
  for (const byte of bytes) {
    const code = escaped(byte);
    if (code === null) {
      codes[length++] = byte;
    } else {
      codes[length++] = ESCAPE;
      codes[length++] = code;
    }
  }
  return utf16.decode(codes.subarray(0, length));
}

function unescaped(code: number): number {
  if (code >= CONTROL_OFFSET && code < CONTROL_OFFSET + 0x20) return code - CONTROL_OFFSET;
  if (code === QUOTE_CODE) return QUOTE;
  if (code === BACKSLASH_CODE) return BACKSLASH;
  if (code === ESCAPE_CODE) return ESCAPE;
  throw new Error(`Not a stored workspace state: unknown escape ${code}.`);
}

/** The bytes back; throws on text that bytesToText cannot have written (a character above U+00FF, a bad escape). */
export function textToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new Error('Not a stored workspace state: a character above U+00FF.');
    if (code === ESCAPE) {
      index += 1;
      if (index >= text.length) throw new Error('Not a stored workspace state: it ends inside an escape.');
      bytes[length] = unescaped(text.charCodeAt(index));
    } else {
      bytes[length] = code;
    }
    length += 1;
  }
  return bytes.slice(0, length);
}

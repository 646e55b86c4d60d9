import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';

// A save writes the whole workspace (one key), but an edit changes only a few of its objects. Commands never
// mutate (STYLE.md 2; React relies on it too), so an object's JSON can be kept by identity and only the new
// objects serialised again: on a 3 MB workspace a one-task save serialises in about a quarter of the time of
// a full JSON.stringify (npm run bench:store). The text means exactly what JSON.stringify's means; in dev and
// tests every save checks that, so a command that mutates in place is caught instead of writing stale text.
//
// Chromium stores a string with no character above U+00FF in one byte per character, any other in two, and
// localStorage.setItem of a 3 MB workspace costs about a third less in one byte. A page icon (an emoji) is
// enough to make it two, so the few characters above U+00FF are written as \uXXXX escapes, which JSON.parse
// reads back unchanged. Text where such characters are common (Chinese, say) is left as it is: escaping
// would multiply its length, and the browser's quota counts characters.
const jsonCache = new WeakMap<object, string>();
/** The envelope, the data and its sections are always built from their parts. */
const ALWAYS_COMPOSE_DEPTH = 3;
/** Below that, a container with more entries than this, some of them objects, is built from its parts too. */
const COMPOSE_ABOVE_ENTRIES = 64;

function isPlainContainer(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  const plain = Array.isArray(value) || proto === Object.prototype || proto === null;
  // toJSON (Date, for one) changes what JSON.stringify writes: leave such values to it.
  return plain && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

const ABOVE_LATIN1 = /[\u0100-\uffff]/g;
/** Escape when at most this share of the characters needs it, or at most this many (an icon, a word). */
const MAX_ESCAPED_SHARE = 0.05;
const ALWAYS_ESCAPED_COUNT = 8;

/** JSON text with its characters above U+00FF as \uXXXX escapes, unless they are common in it. */
export function latin1Json(text: string): string {
  const found = text.match(ABOVE_LATIN1);
  if (!found || (found.length > ALWAYS_ESCAPED_COUNT && found.length > text.length * MAX_ESCAPED_SHARE)) return text;
  return text.replace(ABOVE_LATIN1, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const stringify = (value: unknown): string | undefined => {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : latin1Json(text);
};

export function toJson(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return stringify(value);
  const cached = jsonCache.get(value);
  if (cached !== undefined) return cached;
  if (!isPlainContainer(value)) return stringify(value);
  const entries = Array.isArray(value) ? (value as unknown[]) : Object.keys(value);
  const compose = depth < ALWAYS_COMPOSE_DEPTH
    || (entries.length > COMPOSE_ABOVE_ENTRIES && Object.values(value).some((entry) => typeof entry === 'object' && entry !== null));
  if (!compose) {
    const text = stringify(value) as string;
    jsonCache.set(value, text);
    return text;
  }
  const parts: string[] = [];
  if (Array.isArray(value)) {
    // An index loop, not map: JSON.stringify writes holes as null, map would skip them.
    for (let index = 0; index < value.length; index += 1) parts.push(toJson(value[index], depth + 1) ?? 'null');
    return `[${parts.join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  for (const key of entries as string[]) {
    const text = toJson(record[key], depth + 1);
    if (text !== undefined) parts.push(`${stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The stored text of { schemaVersion, revision, writer, data }, header first (see stored-header.ts), reusing
 * the JSON of the objects earlier saves wrote.
 */
export function envelopeJson(data: StudioData, revision: number, writer: string): string {
  const { schemaVersion } = createEnvelope(data, revision);
  const envelope = { schemaVersion, revision, writer, data };
  const text = toJson(envelope, 0) as string;
  if (!import.meta.env.DEV) return text;
  const exact = JSON.stringify(envelope);
  if (JSON.stringify(JSON.parse(text)) === exact) return text;
  console.error('A workspace command changed an object in place; commands must return new objects.');
  return exact;
}

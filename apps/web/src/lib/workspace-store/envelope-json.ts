import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';

// A save writes the whole workspace (one key), but an edit changes only a few of its objects. Commands never
// mutate (STYLE.md 2; React relies on it too), so an object's JSON can be kept by identity and only the new
// objects serialised again: on a 3 MB workspace a one-task save serialises in about a quarter of the time of
// a full JSON.stringify (npm run bench:store). The output is exactly JSON.stringify's; in dev and tests every save
// checks that, so a command that mutates in place is caught instead of writing stale text.
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

export function toJson(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const cached = jsonCache.get(value);
  if (cached !== undefined) return cached;
  if (!isPlainContainer(value)) return JSON.stringify(value);
  const entries = Array.isArray(value) ? (value as unknown[]) : Object.keys(value);
  const compose = depth < ALWAYS_COMPOSE_DEPTH
    || (entries.length > COMPOSE_ABOVE_ENTRIES && Object.values(value).some((entry) => typeof entry === 'object' && entry !== null));
  if (!compose) {
    const text = JSON.stringify(value);
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
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The stored text: JSON.stringify({ schemaVersion, revision, writer, data }), with the header first (see
 * stored-header.ts), reusing the JSON of the objects earlier saves wrote.
 */
export function envelopeJson(data: StudioData, revision: number, writer: string): string {
  const { schemaVersion } = createEnvelope(data, revision);
  const envelope = { schemaVersion, revision, writer, data };
  const text = toJson(envelope, 0) as string;
  if (!import.meta.env.DEV) return text;
  const exact = JSON.stringify(envelope);
  if (text === exact) return text;
  console.error('A workspace command changed an object in place; commands must return new objects.');
  return exact;
}

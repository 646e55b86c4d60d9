import { isPlainObject } from '../workspace/undo-patch.ts';

// Yjs keeps a plain value (a list of tags, any object inside a list) in lib0's encoding, whose decoder assigns an
// object's keys one by one: a key '__proto__' (a field from elsewhere) would set the prototype and vanish. Such a
// key is stored escaped and read back as it was. A value with nothing to escape is stored and read as it is.

const ESCAPE = '\u0000';
const needsEscape = (key: string) => key === '__proto__' || key.startsWith(ESCAPE);

function mapValue(value: unknown, key: (name: string) => string, changes: (name: string) => boolean): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((entry: unknown) => mapValue(entry, key, changes));
    return mapped.every((entry, index) => entry === value[index]) ? value : mapped;
  }
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value);
  const mapped = entries.map(([name, entry]) => [key(name), mapValue(entry, key, changes)] as const);
  const same = entries.every(([name, entry], index) => !changes(name) && mapped[index]?.[1] === entry);
  // fromEntries defines own properties: '__proto__' stays a key.
  return same ? value : Object.fromEntries(mapped);
}

/** A plain value as stored: keys that lib0 would lose escaped. */
export function toStoredValue(value: unknown): unknown {
  return mapValue(value, (name) => (needsEscape(name) ? `${ESCAPE}${name}` : name), needsEscape);
}

/** A value Yjs keeps as it is: no object or list, so no key to escape or restore. */
export const isPlain = (entry: unknown): boolean => typeof entry !== 'object' || entry === null;

/** A stored plain value as it was written. */
export function fromStoredValue(value: unknown): unknown {
  // A list of plain values (a task's tags) holds no key to restore: read for every task on a workspace's first read.
  if (Array.isArray(value) && value.every(isPlain)) return value;
  const escaped = (name: string) => name.startsWith(ESCAPE);
  return mapValue(value, (name) => (escaped(name) ? name.slice(1) : name), escaped);
}

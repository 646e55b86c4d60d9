/** What a save needs to know about the stored value without parsing megabytes of JSON. */
export interface StoredHeader {
  schemaVersion: number;
  revision: number;
  /** The tab that wrote it (absent in envelopes written before writers were recorded). */
  writer: string | null;
}

// Every format the store has written starts the same way: {"schemaVersion":N,"revision":N,"writer":"id",… (the
// earlier envelope, decision 010, and the document, decision 061), so the version is read from the first characters.
const HEADER = /^\{"schemaVersion":(\d{1,9}),"revision":(\d{1,15}),(?:"writer":"([a-z0-9]{1,32})",)?/;

/**
 * Reads the header of a stored value. null: nothing stored. undefined: not an envelope we wrote
 * (original bare data, damaged text), so the caller must parse it in full.
 */
export function readStoredHeader(text: string | null): StoredHeader | null | undefined {
  if (text === null) return null;
  const match = HEADER.exec(text.slice(0, 96));
  if (!match) return undefined;
  return { schemaVersion: Number(match[1]), revision: Number(match[2]), writer: match[3] ?? null };
}

/** A short random id for this tab's writes. */
export function randomWriterId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('').slice(0, 12);
}

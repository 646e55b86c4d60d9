import { CURRENT_SCHEMA_VERSION } from '@grove/domain/workspace/schema-version';

/** What a save needs to know about the stored value without parsing megabytes of JSON. */
export interface StoredHeader {
  schemaVersion: number;
  revision: number;
}

// The store writes envelopes as {"schemaVersion":N,"revision":N,"data":…}: key order is fixed by
// createEnvelope, so the header is always at the very start of the text.
const HEADER = /^\{"schemaVersion":(\d{1,9}),"revision":(\d{1,15}),/;

/**
 * Reads the header of a stored value. null: nothing stored. undefined: not an envelope we wrote
 * (original bare data, damaged text), so the caller must parse it in full.
 */
export function readStoredHeader(text: string | null): StoredHeader | null | undefined {
  if (text === null) return null;
  const match = HEADER.exec(text.slice(0, 64));
  if (!match) return undefined;
  return { schemaVersion: Number(match[1]), revision: Number(match[2]) };
}

export function isNewerSchema(header: StoredHeader): boolean {
  return header.schemaVersion > CURRENT_SCHEMA_VERSION;
}

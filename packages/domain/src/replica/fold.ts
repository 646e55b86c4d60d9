import * as Y from 'yjs';
import { bytesToText, textToBytes } from './binary-text.ts';

// The stored log folded into the state (stored-workspace.ts): what the store's worker does while the tab goes on
// (apps/web fold-worker.ts). Only Yjs and the binary text, so the worker loads little.

/**
 * Stored parts (the state and the log's segments) encoded whole again. Deleted content is dropped on the way, as when
 * the document encodes itself. Throws when the parts cannot be decoded.
 */
export function foldStoredParts(parts: { readonly state: string; readonly log: readonly string[] }): string {
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, textToBytes(parts.state));
  for (const segment of parts.log) Y.applyUpdateV2(doc, textToBytes(segment));
  return bytesToText(Y.encodeStateAsUpdateV2(doc));
}

import * as Y from 'yjs';
import type { StudioData } from '../workspace/model.ts';
import { bytesToText, textToBytes } from './binary-text.ts';
import type { WorkspaceReader } from './read.ts';
import { writeData } from './write.ts';

// The workspace's Yjs document and what the store does with it (docs/decisions/061-yjs-merge-engine.md): created
// from data, changed by writing a command's before and after, read back as data, encoded for storage.

export { WorkspaceReader } from './read.ts';
export { writeData } from './write.ts';

/** A document holding `data`, written in one transaction (origin `origin`). */
export function createWorkspaceDoc(data: StudioData, origin: unknown = null): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => writeData(doc, null, data), origin);
  return doc;
}

/** A document from stored state (encodeDocState). Throws when the state cannot be read. */
export function docFromState(state: string): Y.Doc {
  const doc = new Y.Doc();
  Y.applyUpdateV2(doc, textToBytes(state));
  return doc;
}

/** The whole document as stored text. */
export function encodeDocState(doc: Y.Doc): string {
  return bytesToText(Y.encodeStateAsUpdateV2(doc));
}

/** What a document has seen, as stored text (compared before a save merges the stored state). */
export function encodeStateVector(doc: Y.Doc): string {
  return bytesToText(Y.encodeStateVector(doc));
}

/** Whether `vector` (encodeStateVector's text) holds an update `doc` has not seen. */
export function hasUnseen(doc: Y.Doc, vector: string): boolean {
  const theirs = Y.decodeStateVector(textToBytes(vector));
  const ours = Y.decodeStateVector(Y.encodeStateVector(doc));
  for (const [client, clock] of theirs) if ((ours.get(client) ?? 0) < clock) return true;
  return false;
}

/** Applies a command's change to the document as one transaction of `origin`; returns the data as read back. */
export function applyChange(doc: Y.Doc, reader: WorkspaceReader, before: StudioData, after: StudioData, origin: unknown): StudioData {
  if (before === after) return before;
  doc.transact(() => writeData(doc, before, after), origin);
  return reader.read();
}

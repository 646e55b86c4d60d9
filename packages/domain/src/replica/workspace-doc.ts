import * as Y from 'yjs';
import type { StudioData } from '../workspace/model.ts';
import { bytesToText, textToBytes } from './binary-text.ts';
import { COMPLETIONS_ROOT, GAMIFICATION_ROOT, LAID_OUT_SECTIONS, rootName, SECTION_SHAPES, type Shape } from './layout.ts';
import type { WorkspaceReader } from './read.ts';
import { rootContainer, writeData } from './write.ts';

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

/** Applies stored text (encodeDocState's, or a log of updates) to `doc`, as one transaction of `origin`. */
export function applyStateText(doc: Y.Doc, text: string, origin: unknown = null): void {
  Y.applyUpdateV2(doc, textToBytes(text), origin);
}

/** The whole document as stored text. */
export function encodeDocState(doc: Y.Doc): string {
  return bytesToText(Y.encodeStateAsUpdateV2(doc));
}

/**
 * What a document has seen, as stored text: its state vector and its deleted ranges (a Yjs snapshot). A
 * deletion adds nothing to the state vector, so the vector alone cannot tell whether a save would add something.
 */
export function encodeDocSnapshot(doc: Y.Doc): string {
  return bytesToText(Y.encodeSnapshotV2(Y.snapshot(doc)));
}

interface DeletedRange {
  clock: number;
  len: number;
}

/** Whether snapshot `a` holds everything snapshot `b` holds: every insert and every deletion. */
export function snapshotCovers(a: Y.Snapshot, b: Y.Snapshot): boolean {
  for (const [client, clock] of b.sv) if ((a.sv.get(client) ?? 0) < clock) return false;
  const clientsA: Map<number, DeletedRange[]> = a.ds.clients;
  const clientsB: Map<number, DeletedRange[]> = b.ds.clients;
  for (const [client, ranges] of clientsB) {
    const own = [...(clientsA.get(client) ?? [])].sort((x, y) => x.clock - y.clock);
    for (const range of ranges) {
      let low = 0;
      let high = own.length - 1;
      let found: DeletedRange | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const candidate = own[middle] as DeletedRange;
        if (candidate.clock > range.clock) high = middle - 1;
        else {
          found = candidate;
          low = middle + 1;
        }
      }
      if (!found || found.clock + found.len < range.clock + range.len) return false;
    }
  }
  return true;
}

/** A stored snapshot (encodeDocSnapshot's text) decoded. Throws when it cannot be. */
export function decodeSnapshotText(text: string): Y.Snapshot {
  return Y.decodeSnapshotV2(textToBytes(text));
}

/** A snapshot encoded as stored text (encodeDocSnapshot's, from a snapshot taken already). */
export function snapshotText(snapshot: Y.Snapshot): string {
  return bytesToText(Y.encodeSnapshotV2(snapshot));
}

/** Whether `snapshot` holds everything in `update` (a v2 update): storing it again would add nothing. */
export function snapshotHoldsUpdate(snapshot: Y.Snapshot, update: Uint8Array): boolean {
  return Y.snapshotContainsUpdate(snapshot, Y.convertUpdateFormatV2ToV1(update));
}

/** Whether the stored snapshot `snapshot` (encodeDocSnapshot's text) holds an insert or a deletion `doc` lacks. */
export function hasUnseen(doc: Y.Doc, snapshot: string): boolean {
  return !snapshotCovers(Y.snapshot(doc), decodeSnapshotText(snapshot));
}

/** Whether the stored snapshot holds everything `doc` has (a save would add nothing). */
export function coversDoc(snapshot: string, doc: Y.Doc): boolean {
  return snapshotCovers(decodeSnapshotText(snapshot), Y.snapshot(doc));
}

/** Applies a command's change to the document as one transaction of `origin`; returns the data as read back. */
export function applyChange(doc: Y.Doc, reader: WorkspaceReader, before: StudioData, after: StudioData, origin: unknown): StudioData {
  if (before === after) return before;
  doc.transact(() => writeData(doc, reader.unsettled(), after), origin);
  return reader.read();
}

/** A page's text (page-blocks.ts), which the page editor binds to; null when there is no such page. */
export function pageFragment(doc: Y.Doc, pageId: string): Y.XmlFragment | null {
  const page: unknown = rootContainer(doc, 'pages').items.get(pageId);
  const content: unknown = page instanceof Y.Map ? page.get('content') : null;
  return content instanceof Y.XmlFragment ? content : null;
}

type RootType = Y.Map<unknown> | Y.Array<string>;

/** Every root type the workspace uses: what a tab's undo tracks. */
export function workspaceRootTypes(doc: Y.Doc): RootType[] {
  const types: RootType[] = [doc.getMap(GAMIFICATION_ROOT), doc.getMap(COMPLETIONS_ROOT)];
  for (const section of LAID_OUT_SECTIONS) {
    const shape: Shape = SECTION_SHAPES[section];
    if (shape.kind === 'entities') {
      const { order, items } = rootContainer(doc, section);
      types.push(order, items);
      continue;
    }
    types.push(doc.getMap(section));
    for (const [key, field] of Object.entries(shape.kind === 'map' ? shape.fields ?? {} : {})) {
      if (field.kind === 'entities') {
        const { order, items } = rootContainer(doc, section, key);
        types.push(order, items);
      } else if (field.kind === 'map') {
        types.push(doc.getMap(rootName(section, key)));
      }
    }
  }
  return types;
}

/**
 * A copy of the document without the content of deleted items that the undo history keeps alive (a deleted page's
 * text, a cover image undone): smaller when stored, the same workspace and the same state. Slow on a large
 * workspace, so only for a save that did not fit.
 */
export function compactCopy(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdateV2(copy, Y.encodeStateAsUpdateV2(doc));
  return copy;
}

import type * as Y from 'yjs';
import { loadWorkspace, type LoadResult } from '../workspace/load.ts';
import type { StudioData } from '../workspace/model.ts';
import { CURRENT_SCHEMA_VERSION } from '../workspace/schema-version.ts';
import { WorkspaceReader } from './read.ts';
import { applyStateText, docFromState, encodeDocSnapshot, encodeDocState, snapshotText } from './workspace-doc.ts';

// What local storage holds under 'grove-data' once the workspace is a Yjs document (decision 061):
// {"schemaVersion":3,"revision":N,"writer":"…","seen":"…","state":"…","log":["…",…]}, header first so it is read
// without parsing megabytes. `state` is the document as last encoded whole, `log` the updates since, one segment per
// save: a save encodes only its own changes, and the whole document now and then. schemaVersion counts stored formats: 2 was the
// first Yjs state of data in the model of version 1 (backups still say 1), 3 holds pages' text as the page editor's
// shared document (decision 065). A Grove from before reads a later format as newer data and refuses it, writing
// nothing; a format 2 document is read once and upgraded like the formats before it.

export const REPLICA_FORMAT_VERSION = 3;
/** The first stored format that is a Yjs document: from it on, an earlier one is read as a document and upgraded. */
const FIRST_REPLICA_FORMAT = 2;

export interface ReplicaHeader {
  readonly revision: number;
  readonly writer: string;
  /** What the document has seen: its state vector and deleted ranges (workspace-doc.ts encodeDocSnapshot). */
  readonly seen: string;
}

/** The document's state as stored: encoded whole, and the updates since, a segment per save (binary-text.ts text). */
export interface StoredParts {
  readonly state: string;
  readonly log: readonly string[];
}

/**
 * The stored text of a document. `parts` must hold together everything the document holds (the store keeps them);
 * without them the document is encoded whole. Both are binary text, which JSON keeps as it is. `seen`: the document's
 * snapshot when the caller has taken it already.
 */
export function storedReplicaText(doc: Y.Doc, revision: number, writer: string, parts?: StoredParts, seen?: Y.Snapshot): string {
  const header = `{"schemaVersion":${REPLICA_FORMAT_VERSION},"revision":${revision},"writer":${JSON.stringify(writer)}`;
  const { state, log } = parts ?? { state: encodeDocState(doc), log: [] };
  const seenText = seen ? snapshotText(seen) : encodeDocSnapshot(doc);
  return `${header},"seen":"${seenText}","state":"${state}","log":[${log.map((segment) => `"${segment}"`).join(',')}]}`;
}

const HEADER = /^\{"schemaVersion":(\d{1,9}),"revision":(\d{1,15}),"writer":"([a-z0-9-]{1,40})","seen":"([^"]*)","state":"/;

function headerOf(text: string): (ReplicaHeader & { format: number }) | null {
  const match = HEADER.exec(text);
  if (!match) return null;
  return { format: Number(match[1]), revision: Number(match[2]), writer: match[3] as string, seen: match[4] as string };
}

/** The header of stored text in this format; null for any other text. */
export function readReplicaHeader(text: string): ReplicaHeader | null {
  const header = headerOf(text);
  return header?.format === REPLICA_FORMAT_VERSION ? header : null;
}

export type StoredWorkspace =
  | { readonly kind: 'replica'; readonly header: ReplicaHeader; readonly doc: Y.Doc; readonly parts: StoredParts }
  /** Anything else: nothing stored, an earlier format, damaged text or a newer Grove's data, as loading reads it. */
  | { readonly kind: 'earlier'; readonly load: LoadResult };

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: loading reports a string as unreadable.
    return text;
  }
}

/** Reads what is stored. Never throws: a document that cannot be decoded is read as unreadable data. */
export function readStoredWorkspace(text: string | null, now: Date): StoredWorkspace {
  const earlier = text === null ? null : headerOf(text);
  if (text !== null && earlier && earlier.format >= FIRST_REPLICA_FORMAT && earlier.format < REPLICA_FORMAT_VERSION) {
    // An earlier document format: its data, to be upgraded as the formats before it are.
    try {
      const parts = readStoredParts(text);
      if (parts) {
        const data = new WorkspaceReader(docFromParts(parts)).read();
        return { kind: 'earlier', load: { ok: true, data, revision: earlier.revision, source: 'stored', fromVersion: earlier.format, repairs: [], lossy: false } };
      }
    } catch (error) {
      console.error('The stored workspace document could not be decoded.', error);
    }
    return { kind: 'earlier', load: loadWorkspace('unreadable workspace document', now) };
  }
  if (text !== null) {
    const header = readReplicaHeader(text);
    if (header) {
      try {
        const parts = readStoredParts(text);
        if (parts) return { kind: 'replica', header, doc: docFromParts(parts), parts };
      } catch (error) {
        console.error('The stored workspace document could not be decoded.', error);
      }
      return { kind: 'earlier', load: loadWorkspace('unreadable workspace document', now) };
    }
  }
  const raw = text === null ? undefined : parse(text);
  const schemaVersion = typeof raw === 'object' && raw !== null ? (raw as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (typeof schemaVersion === 'number' && schemaVersion > CURRENT_SCHEMA_VERSION && schemaVersion <= REPLICA_FORMAT_VERSION) {
    // Our format, but not as we write it (edited by hand, cut short): unreadable, kept aside by the store.
    return { kind: 'earlier', load: loadWorkspace('unreadable workspace document', now) };
  }
  if (typeof schemaVersion === 'number' && schemaVersion > REPLICA_FORMAT_VERSION) {
    return { kind: 'earlier', load: { ok: false, reason: 'newer-version', foundVersion: schemaVersion, supportedVersion: REPLICA_FORMAT_VERSION } };
  }
  return { kind: 'earlier', load: loadWorkspace(raw, now) };
}

/** The state and log of stored text in this format; null when they are missing. Throws on text that is not JSON. */
export function readStoredParts(text: string): StoredParts | null {
  const stored = JSON.parse(text) as { state?: unknown; log?: unknown };
  if (typeof stored.state !== 'string') return null;
  // Format 2 stored the log merged into one text.
  const log = Array.isArray(stored.log) ? stored.log : [stored.log];
  return { state: stored.state, log: log.filter((segment): segment is string => typeof segment === 'string' && segment !== '') };
}

/** A document from stored parts. Throws when they cannot be decoded. */
export function docFromParts(parts: StoredParts): Y.Doc {
  const doc = docFromState(parts.state);
  for (const segment of parts.log) applyStateText(doc, segment);
  return doc;
}

/**
 * The workspace data stored in `text`, in either format (tests, benchmarks and tools read storage with it);
 * null when it cannot be read as a workspace.
 */
export function storedWorkspaceData(text: string | null, now = new Date()): StudioData | null {
  const stored = readStoredWorkspace(text, now);
  if (stored.kind === 'replica') return new WorkspaceReader(stored.doc).read();
  return stored.load.ok && stored.load.source === 'stored' ? stored.load.data : null;
}

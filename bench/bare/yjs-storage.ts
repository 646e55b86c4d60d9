import type { StudioData } from '@grove/domain/workspace/model';
import { fromBase64, toBase64 } from 'lib0/buffer';
import * as Y from 'yjs';
import { SEEDED_KEY, seededWorkspace } from './seeded-workspace.ts';

// The bare baselines' Yjs variant (?yjs): the library with a Yjs document under it, kept in localStorage as a plain
// app on Yjs would keep it (decision 076). The stored text is a JSON list of base64 updates: the document encoded
// whole once, then every update appended by a save after it, `delayMs` later. Nothing of Grove's: no header, no
// fold, no other tabs, no checks.

/** bench/board.ts waits for this key (YJS_STORED_KEY). */
const KEY = 'bare-yjs';

/** The stored document, and whether it is new (nothing stored yet: the caller fills it, then calls `storeWhole`). */
export function openStoredDoc(): { doc: Y.Doc; fresh: boolean; updates: string[] } {
  const doc = new Y.Doc();
  const text = localStorage.getItem(KEY);
  const updates = text === null ? [] : (JSON.parse(text) as string[]);
  for (const update of updates) Y.applyUpdate(doc, fromBase64(update));
  return { doc, fresh: text === null, updates };
}

/** Stores the document whole (after it was filled on a first visit). */
export function storeWhole(doc: Y.Doc, updates: string[]): void {
  updates.splice(0, updates.length, toBase64(Y.encodeStateAsUpdate(doc)));
  localStorage.setItem(KEY, JSON.stringify(updates));
}

/** From now on, each change is appended to the stored text `delayMs` after it (the changes meanwhile together). */
export function storeChanges(doc: Y.Doc, updates: string[], delayMs: number): void {
  let pending: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  doc.on('update', (update: Uint8Array) => {
    pending.push(update);
    timer ??= setTimeout(() => {
      timer = undefined;
      updates.push(toBase64(Y.mergeUpdates(pending)));
      pending = [];
      localStorage.setItem(KEY, JSON.stringify(updates));
    }, delayMs);
  });
}

/** A plain value as Yjs types: objects as maps, arrays as arrays, anything else as it is. */
export function toYjs(value: unknown): unknown {
  if (Array.isArray(value)) {
    const array = new Y.Array<unknown>();
    array.push(value.map(toYjs));
    return array;
  }
  if (typeof value === 'object' && value !== null) {
    const map = new Y.Map<unknown>();
    for (const [key, entry] of Object.entries(value)) map.set(key, toYjs(entry));
    return map;
  }
  return value;
}

/**
 * The workspace as a stored document (its root map 'workspace', one entry per section) and read out of it: made from
 * the seeded workspace and stored whole on the first visit, decoded on later ones; each change stored right after.
 */
export function openStoredWorkspace(): { root: Y.Map<unknown>; data: StudioData } {
  const { doc, fresh, updates } = openStoredDoc();
  const root = doc.getMap<unknown>('workspace');
  if (fresh) {
    doc.transact(() => {
      for (const [key, value] of Object.entries(seededWorkspace())) root.set(key, toYjs(value));
    });
    // The document takes the seeded JSON's place, as Grove's store does (a 3 MB workspace leaves no room for both).
    localStorage.removeItem(SEEDED_KEY);
    storeWhole(doc, updates);
  }
  storeChanges(doc, updates, 0);
  return { root, data: root.toJSON() as StudioData };
}

/** Whether the page was asked for its Yjs variant (?yjs). */
export const withYjs = new URLSearchParams(location.search).has('yjs');

import { updatePageBlocks } from '@grove/domain/pages/page-commands';
import { bytesToText, textToBytes } from '@grove/domain/replica/binary-text';
import {
  readReplicaHeader, readStoredParts, readStoredWorkspace, REPLICA_FORMAT_VERSION, storedWorkspaceData,
} from '@grove/domain/replica/stored-workspace';
import { coversDoc, encodeDocSnapshot, encodeDocState, hasUnseen, WorkspaceReader, writeData } from '@grove/domain/replica/workspace-doc';
import { defineCommand } from '@grove/domain/workspace/command';
import { loadWorkspace } from '@grove/domain/workspace/load';
import type { Block, KanbanItem, StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import * as Y from 'yjs';
import { latin1Json } from './earlier-json.ts';
import {
  LOG_FOLD_MINIMUM, LOG_FOLD_SHARE, WORKSPACE_KEY, WorkspaceStore, type StoreDeps, type StoreEvent,
} from '@/lib/workspace-store/workspace-store.ts';
import { foldInWorker } from '@/lib/workspace-store/fold-in-worker.ts';
import { generateWorkspace, WORKSPACE_SHAPE } from './generate-workspace.ts';
import type { Breakdown, EditingResult, GrowResult, PrepareResult, SaveSample, StoreBenchPage, StoredNow } from './result.ts';

declare global {
  interface Window {
    groveStoreBench?: StoreBenchPage;
  }
}

// The store benchmark's page: runs in a real Chromium against real localStorage, with the real store and domain
// code as the app bundles them. bench/store.ts builds it, opens it and calls these steps one at a time, timing
// each in main-thread CPU time; each step also returns its own wall-clock time.

const GROW_WORDS = 2000;
const GROWN_TASK = 5;
const STEP_RUNS = 9;
const EDIT_EVERY_MS = 50;
const EDIT_FOR_MS = 5000;
const BIG_PAGE_ID = 'page-bench-big';
const BIG_PAGE_BLOCKS = 1000;
const TYPED_BLOCK = 501;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Saves only when flush() is called: the benchmark times each save itself. */
const manualSaves: Pick<StoreDeps, 'setTimer' | 'clearTimer'> = { setTimer: () => 0, clearTimer: () => undefined };
/** The timed saves' store folds its log in a worker, as the app's does. */
const savingDeps: Pick<StoreDeps, 'setTimer' | 'clearTimer' | 'foldInBackground'> = { ...manualSaves, foldInBackground: foldInWorker };

function timed<T>(action: () => T): [T, number] {
  const start = performance.now();
  const value = action();
  return [value, performance.now() - start];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The edit a user makes most: retitle one task. Copies only the path to that task, as a command should. */
const retitleTask = defineCommand<{ id: string; content?: string; description?: string }>('retitleTask', (data, { id, content, description }) => {
  const item = data.kanbanBoard.items[id] as KanbanItem;
  const edited = { ...item, ...(content === undefined ? {} : { content }), ...(description === undefined ? {} : { description }) };
  return { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, [id]: edited } } };
});

function failOnEvents(events: StoreEvent[], phase: string): void {
  if (events.length > 0) throw new Error(`${phase}: the store reported ${JSON.stringify(events.map((event) => event.type))}.`);
}

/** The parts of stored text in the document's format, and the log's length in characters (its segments'). */
function storedParts(text: string): { state: string; log: readonly string[]; logChars: number } {
  const parts = readStoredParts(text);
  if (!parts) throw new Error('The stored text is not a document.');
  return { ...parts, logChars: parts.log.reduce((sum, segment) => sum + segment.length, 0) };
}

const foldAt = (stateChars: number): number => Math.max(LOG_FOLD_MINIMUM, stateChars * LOG_FOLD_SHARE);
const stored = (): string => localStorage.getItem(WORKSPACE_KEY) ?? '';

let workspace: StudioData | null = null;
let jsonText = '';
let taskIds: string[] = [];
/** The store the saves are timed on, kept between calls as a tab keeps it. */
let saveStore: WorkspaceStore | null = null;
const saveEvents: StoreEvent[] = [];
let bigPageStore: WorkspaceStore | null = null;

function prepare(): PrepareResult {
  const [data, generateMs] = timed(() => generateWorkspace());
  workspace = data;
  taskIds = Object.keys(data.kanbanBoard.items);
  const json = JSON.stringify(createEnvelope(data, 1));
  // Today's JSON as the store before the document wrote it (one byte per character), kept in memory: the quota
  // (10 MiB, two bytes a character) does not hold it next to the document.
  jsonText = latin1Json(json);
  localStorage.clear();
  localStorage.setItem(WORKSPACE_KEY, json);
  const events: StoreEvent[] = [];
  const onEvent = (event: StoreEvent): void => void events.push(event);
  const [upgrading, upgradeMs] = timed(() => new WorkspaceStore({ storage: localStorage, onEvent, ...manualSaves }));
  upgrading.dispose();
  failOnEvents(events, 'upgrade');
  const text = stored();
  if (readReplicaHeader(text) === null) throw new Error('upgrade: the workspace was not stored as a document.');
  if (JSON.stringify(storedWorkspaceData(text)) !== JSON.stringify(data)) throw new Error('upgrade: the stored document does not hold the workspace.');
  saveStore = new WorkspaceStore({ storage: localStorage, onEvent: (event) => saveEvents.push(event), ...savingDeps });
  return {
    userAgent: navigator.userAgent, shape: WORKSPACE_SHAPE, generateMs, upgradeMs,
    sizes: {
      jsonChars: json.length, jsonBytes: new TextEncoder().encode(json).length,
      storedChars: text.length, stateChars: storedParts(text).state.length,
    },
  };
}

/** What is stored now: its size, and its parts. */
function inspect(): StoredNow {
  const text = stored();
  const { state, logChars } = storedParts(text);
  return { storedChars: text.length, stateChars: state.length, logChars, foldAtChars: foldAt(state.length) };
}

function saveEdit(run: number): SaveSample {
  const store = saveStore as WorkspaceStore;
  const id = taskIds[(run * 97) % taskIds.length] as string;
  const [, dispatchMs] = timed(() => store.dispatch(retitleTask, { id, content: `Edited task ${run}` }));
  const [saved, flushMs] = timed(() => store.flush());
  if (!saved || store.getSnapshot().status !== 'saved') throw new Error(`save run ${run} did not save.`);
  failOnEvents(saveEvents, 'save');
  return { dispatchMs, flushMs };
}

/** `words` words of about 5 characters (16 K characters for 2,000), different for each n. */
const longText = (n: number, words: number): string => Array.from({ length: words }, (_, index) => `w${(index * 7 + n) % 97}x`).join(' ');

let growCount = 0;

function growLog(marginChars: number): GrowResult {
  const store = saveStore as WorkspaceStore;
  let edits = 0;
  for (;;) {
    const { state, logChars } = storedParts(stored());
    // Large steps, then smaller ones as the fold nears: each adds about its text's length to the log.
    const words = Math.min(GROW_WORDS, Math.floor((foldAt(state.length) - marginChars - logChars) / 16));
    if (words < 20) return { edits, logChars, foldAtChars: foldAt(state.length) };
    growCount += 1;
    // One task's description rewritten again and again: the log grows, the workspace stays the same size. Not
    // undoable, as typing in a page is not: the undo history would keep the replaced text alive.
    store.dispatch(retitleTask, { id: taskIds[GROWN_TASK] as string, description: longText(growCount, words) }, { undoable: false });
    if (!store.flush()) throw new Error('growLog: a save failed.');
    if (storedParts(stored()).logChars === 0) throw new Error('growLog: the log folded early.');
    edits += 1;
  }
}

function loadStore(): number {
  const [store, ms] = timed(() => new WorkspaceStore({ storage: localStorage, ...manualSaves }));
  store.dispose();
  if (Object.keys(store.getSnapshot().data.kanbanBoard.items).length !== taskIds.length) throw new Error('loadStore: tasks went missing.');
  return ms;
}

function decodeStored(): number {
  // Read outside the timing, as loadJson's text is: getItem is timed apart (saveSteps).
  const text = localStorage.getItem(WORKSPACE_KEY);
  const [data, ms] = timed(() => storedWorkspaceData(text));
  if (Object.keys(data?.kanbanBoard.items ?? {}).length !== taskIds.length) throw new Error('decodeStored: tasks went missing.');
  return ms;
}

function loadJson(): number {
  const [result, ms] = timed(() => loadWorkspace(JSON.parse(jsonText) as unknown, new Date()));
  if (!result.ok || Object.keys(result.data.kanbanBoard.items).length !== taskIds.length) throw new Error('loadJson: tasks went missing.');
  return ms;
}

/** The steps of a save, timed apart on a copy of the stored document with one edit more than is stored. */
function saveSteps(): Breakdown {
  const text = stored();
  const read = readStoredWorkspace(text, new Date());
  if (read.kind !== 'replica') throw new Error('saveSteps: nothing stored as a document.');
  const { doc, header, parts } = read;
  const updates: Uint8Array[] = [];
  doc.on('updateV2', (update: Uint8Array) => updates.push(update));
  const before = new WorkspaceReader(doc).read();
  const after = retitleTask.run(before, { id: taskIds[1] as string, content: 'Timed apart' }, new Date());
  doc.transact(() => writeData(doc, before, after));
  const steps: Record<string, number[]> = {
    getItem: [], 'header + seen checks (2 × Y.snapshot)': [], 'the save\'s segment (binary text)': [], 'seen (Y.snapshot encoded)': [], setItem: [],
    'fold: whole state encoded': [],
  };
  const time = (name: string, action: () => unknown): void => {
    steps[name]?.push(timed(action)[1]);
  };
  for (let run = 0; run < STEP_RUNS; run += 1) {
    time('getItem', () => localStorage.getItem(WORKSPACE_KEY));
    time('header + seen checks (2 × Y.snapshot)', () => {
      const seen = readReplicaHeader(text)?.seen ?? header.seen;
      return hasUnseen(doc, seen) || coversDoc(seen, doc);
    });
    let segment = '';
    time('the save\'s segment (binary text)', () => {
      segment = bytesToText(updates.length === 1 ? updates[0] as Uint8Array : Y.mergeUpdatesV2(updates));
    });
    let seen = '';
    time('seen (Y.snapshot encoded)', () => {
      seen = encodeDocSnapshot(doc);
    });
    const log = [...parts.log, segment].map((entry) => `"${entry}"`).join(',');
    const next = `{"schemaVersion":${REPLICA_FORMAT_VERSION},"revision":${header.revision},"writer":"${header.writer}","seen":"${seen}",`
      + `"state":"${parts.state}","log":[${log}]}`;
    time('setItem', () => localStorage.setItem(WORKSPACE_KEY, next));
    time('fold: whole state encoded', () => encodeDocState(doc));
  }
  // Put back what the kept store wrote, so its next save starts from its own text.
  localStorage.setItem(WORKSPACE_KEY, text);
  return Object.fromEntries(Object.entries(steps).map(([name, values]) => [name, median(values)]));
}

/** Where decoding the stored document goes: its text to bytes, the bytes applied to a new document, the projection. */
function loadSteps(): Breakdown {
  const text = stored();
  const steps: Record<string, number[]> = { 'JSON.parse of the stored text': [], 'text to bytes': [], 'Y.applyUpdateV2': [], 'projection (read)': [] };
  for (let run = 0; run < STEP_RUNS; run += 1) {
    const [parts, parse] = timed(() => JSON.parse(text) as { state: string });
    const [bytes, toBytes] = timed(() => textToBytes(parts.state));
    const doc = new Y.Doc();
    const [, apply] = timed(() => Y.applyUpdateV2(doc, bytes));
    const [, read] = timed(() => new WorkspaceReader(doc).read());
    steps['JSON.parse of the stored text']?.push(parse);
    steps['text to bytes']?.push(toBytes);
    steps['Y.applyUpdateV2']?.push(apply);
    steps['projection (read)']?.push(read);
  }
  return Object.fromEntries(Object.entries(steps).map(([name, values]) => [name, median(values)]));
}

/** A Storage in memory: the keystroke store never saves, but its constructor stores the upgraded document. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** bench:pages' 1,000-block page: every 10th block a heading, every 7th a todo, the rest paragraphs of 80–200 characters. */
function bigPage(): StudioData['pages'][number] {
  const content: Block[] = Array.from({ length: BIG_PAGE_BLOCKS }, (_, index): Block => {
    const id = `block-bench-${index}`;
    const words = Array.from({ length: 14 + (index % 20) }, (__, word) => (word === 3 && index % 3 === 0 ? '<strong>plan</strong>' : `word${(index + word) % 31}`));
    const text = `${words.join(' ')}.`;
    if (index % 10 === 0) return { id, type: 'heading', content: `Section ${index / 10 + 1}` };
    if (index % 7 === 0) return { id, type: 'todo', content: text.slice(0, 60), checked: index % 2 === 0 };
    return { id, type: 'paragraph', content: text };
  });
  return { id: BIG_PAGE_ID, title: 'A long page', icon: '📄', parentId: null, createdAt: '2026-01-05T09:00:00.000Z', content };
}

function prepareBigPage(): number {
  const data = workspace as StudioData;
  const storage = memoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope({ ...data, pages: [...data.pages, bigPage()] }, 1)));
  bigPageStore = new WorkspaceStore({ storage, ...manualSaves });
  return bigPageStore.getSnapshot().data.pages.find((page) => page.id === BIG_PAGE_ID)?.content.length ?? 0;
}

function keystroke(run: number): number {
  const store = bigPageStore as WorkspaceStore;
  const page = store.getSnapshot().data.pages.find((candidate) => candidate.id === BIG_PAGE_ID);
  const block = page?.content[TYPED_BLOCK];
  if (!page || !block) throw new Error('keystroke: the big page is missing.');
  // One character before the paragraph's final full stop, as the editor sends it: every other block the same object.
  const typed = { ...block, content: `${block.content.slice(0, -1)}${'abcdefghij'.charAt(run % 10)}.` };
  const blocks = page.content.map((candidate) => (candidate === block ? typed : candidate));
  const [, ms] = timed(() => store.dispatch(updatePageBlocks, { id: BIG_PAGE_ID, blocks }, { undoable: false }));
  const after = store.getSnapshot().data.pages.find((candidate) => candidate.id === BIG_PAGE_ID)?.content[TYPED_BLOCK];
  if (after?.content !== typed.content) throw new Error('keystroke: the typed character was not read back.');
  return ms;
}

async function editing(): Promise<EditingResult> {
  saveStore?.dispose();
  const saveMs: number[] = [];
  const writesAt: number[] = [];
  const events: StoreEvent[] = [];
  // The store's real timers, wrapped only to time the save each one runs.
  const store = new WorkspaceStore({
    storage: localStorage,
    onEvent: (event) => events.push(event),
    setTimer: (callback, ms) => setTimeout(() => saveMs.push(timed(callback)[1]), ms),
  });
  // Count the real writes of the workspace key, whoever makes them.
  const setItem = Object.getOwnPropertyDescriptor(Storage.prototype, 'setItem')?.value as Storage['setItem'];
  Storage.prototype.setItem = function countedSetItem(this: Storage, key: string, value: string): void {
    if (this === localStorage && key === WORKSPACE_KEY) writesAt.push(performance.now());
    setItem.call(this, key, value);
  };
  const start = performance.now();
  let edits = 0;
  let maxEditGap = 0;
  let last = start;
  try {
    // One keystroke every 50 ms for 5 s: the title of one task grows as the user types.
    const id = taskIds[0] as string;
    await new Promise<void>((resolve) => {
      const type = (): void => {
        const now = performance.now();
        maxEditGap = Math.max(maxEditGap, now - last);
        last = now;
        edits += 1;
        store.dispatch(retitleTask, { id, content: `Typing ${'x'.repeat(edits)}` });
        if (now - start < EDIT_FOR_MS) setTimeout(type, EDIT_EVERY_MS);
        else resolve();
      };
      setTimeout(type, EDIT_EVERY_MS);
    });
    const editingEnd = performance.now();
    const duringEditing = writesAt.length;
    // The last edits are saved by the coalesced save that follows, within a second.
    await sleep(1500);
    failOnEvents(events, 'editing');
    if (store.getSnapshot().status !== 'saved') throw new Error('editing: the last edits were not saved.');
    if (storedWorkspaceData(stored())?.kanbanBoard.items[id]?.content !== `Typing ${'x'.repeat(edits)}`) throw new Error('editing: the last edit is not stored.');
    const gaps = writesAt.slice(1).map((at, index) => at - (writesAt[index] as number));
    return {
      edits, durationMs: editingEnd - start, writesDuringEditing: duringEditing, writesTotal: writesAt.length,
      minGapMs: gaps.length > 0 ? Math.min(...gaps) : Number.NaN, saveMs, maxEditGapMs: maxEditGap,
    };
  } finally {
    Storage.prototype.setItem = setItem;
    store.dispose();
    // The saves timed after this take up from what this store stored.
    saveStore = new WorkspaceStore({ storage: localStorage, onEvent: (event) => saveEvents.push(event), ...savingDeps });
  }
}

window.groveStoreBench = {
  prepare, saveEdit, inspect, growLog, loadStore, decodeStored, loadJson, saveSteps, loadSteps, prepareBigPage, keystroke, editing,
  idle: () => true,
};
document.title = 'store bench ready';

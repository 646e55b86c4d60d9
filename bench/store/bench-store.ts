import { defineCommand } from '@grove/domain/workspace/command';
import type { KanbanItem, StudioData } from '@grove/domain/workspace/model';
import { loadWorkspace } from '@grove/domain/workspace/load';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { readStoredHeader } from '@/lib/workspace-store/stored-header.ts';
import { WORKSPACE_KEY, WorkspaceStore, type StoreEvent } from '@/lib/workspace-store/workspace-store.ts';
import { generateWorkspace, WORKSPACE_SHAPE } from './generate-workspace.ts';
import type { Breakdown, StoreBenchPage, StoreBenchResult } from './result.ts';

declare global {
  interface Window {
    groveStoreBench?: StoreBenchPage;
  }
}

// The store benchmark's page: runs in a real Chromium against real localStorage, with the real store and
// domain code as the app bundles them. bench/store.ts builds it, opens it and prints what run() returns.

const LOAD_RUNS = 9;
const SAVE_RUNS = 40;
const PROFILE_RUNS = 15;
const EDIT_EVERY_MS = 50;
const EDIT_FOR_MS = 5000;

/** Yields to the event loop, so each measured step runs in its own task (as a timer-driven save does). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function timed<T>(action: () => T): [T, number] {
  const start = performance.now();
  const value = action();
  return [value, performance.now() - start];
}

/** The edit a user makes most: retitle one task. Copies only the path to that task, as a command should. */
const retitleTask = defineCommand<{ id: string; content: string }>('retitleTask', (data, { id, content }) => {
  const item = data.kanbanBoard.items[id] as KanbanItem;
  return { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, [id]: { ...item, content } } } };
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

function failOnEvents(events: StoreEvent[], phase: string): void {
  if (events.length > 0) throw new Error(`${phase}: the store reported ${JSON.stringify(events.map((event) => event.type))}.`);
}

function seedStorage(data: StudioData): string {
  const text = JSON.stringify(createEnvelope(data, 1));
  localStorage.clear();
  localStorage.setItem(WORKSPACE_KEY, text);
  return text;
}

async function measureLoad(taskCount: number): Promise<{ ms: number[]; breakdown: Breakdown }> {
  const ms: number[] = [];
  for (let run = 0; run < LOAD_RUNS; run += 1) {
    await nextTask();
    const events: StoreEvent[] = [];
    const [store, elapsed] = timed(() => new WorkspaceStore({ storage: localStorage, onEvent: (event) => events.push(event) }));
    failOnEvents(events, 'load');
    if (Object.keys(store.getSnapshot().data.kanbanBoard.items).length !== taskCount) throw new Error('load: tasks went missing.');
    store.dispose();
    ms.push(elapsed);
  }
  // The same three steps the store's load takes, timed apart to show where loading spends its time.
  const steps = { getItem: [] as number[], parse: [] as number[], loadWorkspace: [] as number[] };
  for (let run = 0; run < PROFILE_RUNS; run += 1) {
    await nextTask();
    const [text, read] = timed(() => localStorage.getItem(WORKSPACE_KEY) ?? '');
    const [raw, parse] = timed(() => JSON.parse(text) as unknown);
    const [, load] = timed(() => loadWorkspace(raw, new Date()));
    steps.getItem.push(read);
    steps.parse.push(parse);
    steps.loadWorkspace.push(load);
  }
  return { ms, breakdown: { getItem: median(steps.getItem), 'JSON.parse': median(steps.parse), loadWorkspace: median(steps.loadWorkspace) } };
}

async function measureSave(taskIds: string[]): Promise<StoreBenchResult['save']> {
  const events: StoreEvent[] = [];
  const store = new WorkspaceStore({ storage: localStorage, onEvent: (event) => events.push(event) });
  const flushMs: number[] = [];
  const applyMs: number[] = [];
  // Long tasks (> 50 ms) seen by the browser itself: a cross-check that needs no trust in our timing.
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  for (let run = 0; run < SAVE_RUNS; run += 1) {
    await nextTask();
    const id = taskIds[(run * 97) % taskIds.length] as string;
    const [, apply] = timed(() => store.dispatch(retitleTask, { id, content: `Edited task ${run}` }));
    const [saved, flush] = timed(() => store.flush());
    if (!saved || store.getSnapshot().status !== 'saved') throw new Error(`save run ${run} did not save.`);
    applyMs.push(apply);
    flushMs.push(flush);
  }
  await sleep(100);
  observer.disconnect();
  failOnEvents(events, 'save');
  const stored = localStorage.getItem(WORKSPACE_KEY) ?? '';
  if (!stored.includes(`Edited task ${SAVE_RUNS - 1}`)) throw new Error('save: the last edit is not in localStorage.');
  // The store builds its text from cached parts (and escapes the odd character above U+00FF): read back, it
  // must mean exactly what JSON.stringify of the envelope writes, and stay one byte per character.
  const header = readStoredHeader(stored);
  const { schemaVersion } = createEnvelope(store.getSnapshot().data, 0);
  const snapshotData = store.getSnapshot().data;
  const expected = JSON.stringify({ schemaVersion, revision: header?.revision ?? -1, writer: header?.writer ?? null, data: snapshotData });
  if (JSON.stringify(JSON.parse(stored)) !== expected) throw new Error('save: the stored text does not mean the workspace.');
  if (/[\u0100-\uffff]/.test(stored)) throw new Error('save: the stored text is not one byte per character.');
  store.dispose();

  // The steps a save takes, timed apart on the same data: header read, serialise, write.
  const data = store.getSnapshot().data;
  const steps = { getItem: [] as number[], stringify: [] as number[], setItem: [] as number[] };
  let revision = readStoredHeader(stored)?.revision ?? 0;
  for (let run = 0; run < PROFILE_RUNS; run += 1) {
    await nextTask();
    const [, read] = timed(() => readStoredHeader(localStorage.getItem(WORKSPACE_KEY)));
    revision += 1;
    const [text, stringify] = timed(() => JSON.stringify(createEnvelope(data, revision)));
    const [, write] = timed(() => localStorage.setItem(WORKSPACE_KEY, text));
    steps.getItem.push(read);
    steps.stringify.push(stringify);
    steps.setItem.push(write);
  }
  // The store's own serialising: flush() over a storage whose setItem writes nothing.
  const dryStorage = { getItem: (key: string) => localStorage.getItem(key), setItem: () => undefined } as unknown as Storage;
  const dryStore = new WorkspaceStore({ storage: dryStorage });
  const dry: number[] = [];
  for (let run = 0; run < PROFILE_RUNS; run += 1) {
    await nextTask();
    dryStore.dispatch(retitleTask, { id: taskIds[run] as string, content: `Dry edit ${run}` });
    dry.push(timed(() => dryStore.flush())[1]);
  }
  dryStore.dispose();
  // The full JSON.stringify is what a save cost before the store reused cached JSON; it is shown for comparison.
  const breakdown = {
    'getItem + header': median(steps.getItem), 'store serialise': median(dry.slice(1)), setItem: median(steps.setItem),
    'full JSON.stringify (old)': median(steps.stringify),
  };
  return { flushMs, applyMs, longTasks, breakdown };
}

async function measureEditing(taskIds: string[]): Promise<StoreBenchResult['editing']> {
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
    const gaps = writesAt.slice(1).map((at, index) => at - (writesAt[index] as number));
    return {
      edits, durationMs: editingEnd - start, writesDuringEditing: duringEditing, writesTotal: writesAt.length,
      minGapMs: gaps.length > 0 ? Math.min(...gaps) : Number.NaN, saveMs, maxEditGapMs: maxEditGap,
    };
  } finally {
    Storage.prototype.setItem = setItem;
    store.dispose();
  }
}

async function run(): Promise<StoreBenchResult> {
  const [data, generateMs] = timed(() => generateWorkspace());
  const text = seedStorage(data);
  const taskIds = Object.keys(data.kanbanBoard.items);
  const load = await measureLoad(taskIds.length);
  const save = await measureSave(taskIds);
  // Start the editing phase from the same stored workspace as the others.
  seedStorage(data);
  const editing = await measureEditing(taskIds);
  return {
    userAgent: navigator.userAgent, shape: WORKSPACE_SHAPE, generateMs,
    sizeChars: text.length, sizeBytes: new TextEncoder().encode(text).length,
    load, save, editing,
  };
}

// Single steps for bench/store.ts to time in main-thread CPU time (DevTools' ThreadTime), which other
// work on the machine does not inflate as it does wall-clock time.
let cpuStore: { store: WorkspaceStore; taskIds: string[] } | null = null;

function saveOnce(run: number): boolean {
  if (!cpuStore) {
    const store = new WorkspaceStore({ storage: localStorage });
    cpuStore = { store, taskIds: Object.keys(store.getSnapshot().data.kanbanBoard.items) };
  }
  const { store, taskIds } = cpuStore;
  store.dispatch(retitleTask, { id: taskIds[(run * 89) % taskIds.length] as string, content: `CPU edit ${run}` });
  return store.flush();
}

function loadOnce(): number {
  const store = new WorkspaceStore({ storage: localStorage });
  store.dispose();
  return Object.keys(store.getSnapshot().data.kanbanBoard.items).length;
}

window.groveStoreBench = { run, saveOnce, loadOnce, idle: () => true };
document.title = 'store bench ready';

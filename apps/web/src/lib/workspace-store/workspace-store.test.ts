import { createEnvelope, CURRENT_SCHEMA_VERSION } from '@grove/domain/workspace/schema-version';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, harness, names, NOW, project, stored, storeEnvelope } from '@/test/store-harness.ts';
import { RECOVERY_KEY_PREFIX, SAVE_DELAY_MS, SAVE_INTERVAL_MS, WORKSPACE_KEY, WorkspaceStore } from './workspace-store.ts';

describe('WorkspaceStore', () => {
  let errorSpy: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
  beforeEach(() => {
    errorSpy = vi.fn<(...args: unknown[]) => void>();
    vi.spyOn(console, 'error').mockImplementation(errorSpy);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('starts from the defaults when nothing is stored, and writes nothing until a change', () => {
    const { store, storage, advance } = harness();
    expect(store.getSnapshot().data.kanbanBoard.columns.map((c) => c.title)).toEqual(['To-do', 'In progress', 'Under review', 'Finished']);
    expect(store.getSnapshot().status).toBe('saved');
    advance(5000);
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
  });

  it('applies a change at once and saves it shortly after as a versioned envelope', () => {
    const { store, storage, advance } = harness();
    store.dispatch(addProject, 'Launch');
    expect(names(store)).toEqual(['Launch']);
    expect(store.getSnapshot().status).toBe('pending');
    advance(SAVE_DELAY_MS - 1);
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
    advance(1);
    expect(stored(storage)).toMatchObject({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 1 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['Launch']);
    expect(store.getSnapshot().status).toBe('saved');
  });

  it('coalesces a burst of changes: at most one save per interval while editing goes on', () => {
    const { store, storage, advance } = harness();
    for (let i = 0; i < 100; i += 1) {
      store.dispatch(addProject, `p${i}`);
      advance(30);
    }
    // 3 s of continuous typing: about one save a second, never one per keystroke.
    expect(storage.writes).toBeGreaterThanOrEqual(2);
    expect(storage.writes).toBeLessThanOrEqual(Math.ceil(3000 / SAVE_INTERVAL_MS) + 1);
    advance(SAVE_INTERVAL_MS);
    expect(stored(storage)?.data.projects).toHaveLength(100);
  });

  it('flush saves immediately (tab hidden or closing)', () => {
    const { store, storage } = harness();
    store.dispatch(addProject, 'Last words');
    expect(store.flush()).toBe(true);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['Last words']);
  });

  it('keeps everything in memory when the quota is full, reports once, and saves on the next change once space returns', () => {
    const { store, storage, events } = harness();
    storage.quota = 100;
    store.dispatch(addProject, 'Big');
    expect(store.flush()).toBe(false);
    expect(store.getSnapshot().status).toBe('error');
    store.dispatch(addProject, 'Bigger');
    expect(store.flush()).toBe(false);
    expect(events.filter((e) => e.type === 'save-failed')).toEqual([expect.objectContaining({ quota: true })]);
    expect(names(store)).toEqual(['Big', 'Bigger']);
    expect(errorSpy).toHaveBeenCalled();

    storage.quota = Number.POSITIVE_INFINITY;
    store.dispatch(addProject, 'Biggest');
    expect(store.flush()).toBe(true);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['Big', 'Bigger', 'Biggest']);
    expect(store.getSnapshot().status).toBe('saved');
    expect(events.at(-1)).toEqual({ type: 'save-recovered' });
  });

  it('never overwrites newer data from another tab: it takes it and replays its own unsaved change on top', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    const b = harness(storage);
    a.store.dispatch(addProject, 'from A');
    a.store.flush();
    // B has not seen A's save (no storage event yet) and edits.
    b.store.dispatch(addProject, 'from B');
    b.store.flush();
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['from A', 'from B']);
    expect(stored(storage)?.revision).toBe(2);
  });

  it('follows another tab through the storage event', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    const b = harness(storage);
    a.store.dispatch(addProject, 'shared');
    a.store.flush();
    b.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(names(b.store)).toEqual(['shared']);
    expect(b.events).toContainEqual({ type: 'updated-from-other-tab' });
    // An older revision, or the same revision by the same writer, is ignored.
    b.store.handleStorageChange(WORKSPACE_KEY, JSON.stringify(createEnvelope({ ...b.store.getSnapshot().data, projects: [] }, 0)));
    b.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(names(b.store)).toEqual(['shared']);
    expect(b.events.filter((event) => event.type === 'updated-from-other-tab')).toHaveLength(1);
  });

  it('saves over the envelope it loaded without taking it again, also when that envelope names no writer', () => {
    // As written before writers were recorded, or seeded by the e2e tests: not another tab's data.
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(harness().store.getSnapshot().data, 3)));
    const { store, events, advance } = harness(storage);
    store.dispatch(addProject, 'first');
    const changed = store.getSnapshot().data;
    advance(SAVE_DELAY_MS);
    expect(stored(storage)).toMatchObject({ revision: 4 });
    expect(store.getSnapshot().data).toBe(changed);
    expect(events).not.toContainEqual({ type: 'updated-from-other-tab' });
  });

  it('when two tabs save the same revision at once, the tab whose write was replaced keeps its data as a restore point', () => {
    const storage = new MemoryStorage();
    const kept: string[] = [];
    const a = new WorkspaceStore({ storage, now: () => NOW, writerId: 'taba', keepConflictCopy: (text) => kept.push(text) });
    const bStorage = new MemoryStorage();
    const b = new WorkspaceStore({ storage: bStorage, now: () => NOW, writerId: 'tabb' });
    a.dispatch(addProject, 'from A');
    a.flush();
    // B saved revision 1 too, from its own view, and its write landed last.
    b.dispatch(addProject, 'from B');
    b.flush();
    const bText = bStorage.getItem(WORKSPACE_KEY);
    storage.setItem(WORKSPACE_KEY, bText ?? '');
    a.handleStorageChange(WORKSPACE_KEY, bText);
    expect(names(a)).toEqual(['from B']);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('from A');
  });

  it('keeps another tab\'s unreadable write aside and saves its own data over it', () => {
    const storage = new MemoryStorage();
    const { store, events } = harness(storage);
    store.dispatch(addProject, 'mine');
    store.flush();
    storage.setItem(WORKSPACE_KEY, '{"schemaVersion":1,"revision":5,"data":');
    store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(events).toContainEqual(expect.objectContaining({ type: 'repaired', unreadable: true }));
    expect(storage.getItem(`${RECOVERY_KEY_PREFIX}${NOW.toISOString()}`)).toBe('{"schemaVersion":1,"revision":5,"data":');
    expect(names(store)).toEqual(['mine']);
    expect(store.flush()).toBe(true);
    expect(stored(storage)).toMatchObject({ revision: 6 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['mine']);
  });

  it('whenSaved resolves once the change is stored, or false when the save fails', async () => {
    const { store, storage, advance } = harness();
    store.dispatch(addProject, 'one');
    const saved = store.whenSaved();
    advance(SAVE_DELAY_MS);
    await expect(saved).resolves.toBe(true);
    storage.quota = 10;
    store.dispatch(addProject, 'two');
    const failed = store.whenSaved();
    advance(SAVE_INTERVAL_MS);
    await expect(failed).resolves.toBe(false);
  });

  it('runs timed saves under the shared save lock, but a flush at once', () => {
    const storage = new MemoryStorage();
    const locked: (() => void)[] = [];
    const store = new WorkspaceStore({
      storage,
      now: () => NOW,
      setTimer: (run) => {
        run();
        return 1;
      },
      withSaveLock: (save) => locked.push(save),
    });
    store.dispatch(addProject, 'queued');
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();
    locked[0]?.();
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['queued']);
    store.dispatch(addProject, 'flushed');
    locked.length = 0;
    store.flush();
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['queued', 'flushed']);
  });

  it('a tab running an older schema version never writes over newer data and says why', () => {
    const storage = new MemoryStorage();
    const { store, events } = harness(storage);
    store.dispatch(addProject, 'mine');
    storeEnvelope(storage, store.getSnapshot().data, 9, CURRENT_SCHEMA_VERSION + 1);
    const before = storage.getItem(WORKSPACE_KEY);
    expect(store.flush()).toBe(false);
    expect(storage.getItem(WORKSPACE_KEY)).toBe(before);
    expect(store.getSnapshot().blocked).toEqual({ reason: 'newer-version', foundVersion: CURRENT_SCHEMA_VERSION + 1, supportedVersion: CURRENT_SCHEMA_VERSION });
    expect(events).toContainEqual({ type: 'blocked', blocked: store.getSnapshot().blocked });
  });

  it('opens data of a newer version without touching it', async () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION + 3, revision: 4, data: { future: true } }));
    const before = storage.getItem(WORKSPACE_KEY);
    const { store, events } = harness(storage);
    await Promise.resolve();
    expect(store.getSnapshot().blocked?.reason).toBe('newer-version');
    store.dispatch(addProject, 'x');
    store.flush();
    expect(storage.getItem(WORKSPACE_KEY)).toBe(before);
    expect(events[0]?.type).toBe('blocked');
  });

  it('keeps unreadable stored data under another key before anything is saved over it', async () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, '{"projects": [oops');
    const { store, events } = harness(storage);
    await Promise.resolve();
    const keptKey = `${RECOVERY_KEY_PREFIX}${NOW.toISOString()}`;
    expect(storage.getItem(keptKey)).toBe('{"projects": [oops');
    expect(events).toContainEqual(expect.objectContaining({ type: 'repaired', unreadable: true, keptUnder: keptKey }));
    store.dispatch(addProject, 'fresh start');
    expect(store.flush()).toBe(true);
    expect(storage.getItem(keptKey)).toBe('{"projects": [oops');
  });

  it('holds saving when unreadable data cannot be kept aside, until the user releases it', async () => {
    const storage = new MemoryStorage();
    const raw = `{"broken": "${'x'.repeat(200)}`;
    storage.setItem(WORKSPACE_KEY, raw);
    storage.quota = raw.length + 50;
    const { store } = harness(storage);
    await Promise.resolve();
    expect(store.getSnapshot().blocked).toEqual({ reason: 'recovery-not-kept' });
    expect(store.getSnapshot().unkeptRecovery).toBe(raw);
    store.dispatch(addProject, 'waiting');
    store.flush();
    expect(storage.getItem(WORKSPACE_KEY)).toBe(raw);

    storage.quota = Number.POSITIVE_INFINITY;
    store.releaseRecovery();
    expect(store.flush()).toBe(true);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['waiting']);
  });

  it('migrates the original product\'s bare data and saves it as an envelope on the next change', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify({ projects: [project('old')] }));
    const { store } = harness(storage);
    expect(names(store)).toEqual(['old']);
    store.dispatch(addProject, 'new');
    store.flush();
    expect(stored(storage)).toMatchObject({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 1 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['old', 'new']);
  });
});

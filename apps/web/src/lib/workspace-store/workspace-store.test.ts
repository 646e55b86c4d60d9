import { foldStoredParts } from '@grove/domain/replica/fold';
import { REPLICA_FORMAT_VERSION, type StoredParts } from '@grove/domain/replica/stored-workspace';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, deleteProject, harness, names, NOW, project, renameProject, stored, storeEnvelope, tabHub } from '@/test/store-harness.ts';
import { RECOVERY_KEY_PREFIX, REMOTE_SAVE_GRACE_MS, SAVE_DELAY_MS, SAVE_INTERVAL_MS, WORKSPACE_KEY, WorkspaceStore } from './workspace-store.ts';

describe('WorkspaceStore', () => {
  let errorSpy: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
  beforeEach(() => {
    errorSpy = vi.fn<(...args: unknown[]) => void>();
    vi.spyOn(console, 'error').mockImplementation(errorSpy);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('starts from the defaults when nothing is stored and stores them at once, with the ids every tab makes', async () => {
    const { store, storage, advance } = harness();
    expect(store.getSnapshot().data.kanbanBoard.columns.map((c) => c.title)).toEqual(['To-do', 'In progress', 'Under review', 'Finished']);
    await Promise.resolve();
    expect(stored(storage)).toMatchObject({ schemaVersion: REPLICA_FORMAT_VERSION, revision: 1 });
    expect(store.getSnapshot().status).toBe('saved');
    advance(5000);
    expect(stored(storage)?.revision).toBe(1);
    // Another browser's first tab makes the same board, so two first tabs merge into one board, not two.
    const columnIds = (data: { kanbanBoard: { columns: { id: string }[] } }) => data.kanbanBoard.columns.map((c) => c.id);
    expect(columnIds(harness().store.getSnapshot().data)).toEqual(columnIds(store.getSnapshot().data));
  });

  it('applies a change at once and saves it as soon as the task that made it ends', () => {
    const { store, storage, advance } = harness();
    store.dispatch(addProject, 'Launch');
    expect(names(store)).toEqual(['Launch']);
    expect(store.getSnapshot().status).toBe('pending');
    expect(stored(storage)?.data.projects).toEqual([]);
    advance(SAVE_DELAY_MS);
    expect(stored(storage)).toMatchObject({ schemaVersion: REPLICA_FORMAT_VERSION, revision: 2 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['Launch']);
    expect(store.getSnapshot().status).toBe('saved');
  });

  it('coalesces a burst of changes: at most one save per interval while editing goes on', () => {
    const { store, storage, advance } = harness();
    // The new workspace stored when the store was made is not one of the saves counted here.
    const before = storage.writes;
    for (let i = 0; i < 100; i += 1) {
      store.dispatch(addProject, `p${i}`);
      advance(30);
    }
    // 3 s of continuous typing: the first change at once, then about one save a second, never one per keystroke.
    expect(storage.writes - before).toBeGreaterThanOrEqual(2);
    expect(storage.writes - before).toBeLessThanOrEqual(Math.ceil(3000 / SAVE_INTERVAL_MS) + 1);
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

  it('never overwrites what another tab stored: a save merges the stored document first', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    const b = harness(storage);
    a.store.dispatch(addProject, 'from A');
    a.store.flush();
    // B has not seen A's save (no channel, no storage event yet) and edits.
    b.store.dispatch(addProject, 'from B');
    b.store.flush();
    expect(stored(storage)?.data.projects.map((p) => p.name).sort()).toEqual(['from A', 'from B']);
    expect(stored(storage)?.revision).toBe(3);
    expect(names(b.store).sort()).toEqual(['from A', 'from B']);
  });

  it('keeps another tab\'s deletion when it saves, though a deletion leaves the state vector as it was', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    a.store.dispatch(addProject, 'doomed');
    a.store.dispatch(addProject, 'kept');
    a.store.flush();
    const b = harness(storage);
    a.store.dispatch(deleteProject, 'project-doomed');
    a.store.flush();
    b.store.dispatch(renameProject, { id: 'project-kept', name: 'kept by B' });
    b.store.flush();
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['kept by B']);
  });

  it('tabs exchange their changes at once and merge them: two tabs adding at the same time both keep both', () => {
    const storage = new MemoryStorage();
    const hub = tabHub();
    const a = harness(storage, { channel: hub.channel() });
    const b = harness(storage, { channel: hub.channel() });
    hub.deliver();
    a.store.dispatch(addProject, 'from A');
    b.store.dispatch(addProject, 'from B');
    hub.deliver();
    expect(names(a.store).sort()).toEqual(['from A', 'from B']);
    expect(names(b.store)).toEqual(names(a.store));
    expect(b.events).toContainEqual({ type: 'updated-from-other-tab' });
    // Renames of one project at once: the same one of the two wins in both tabs.
    a.store.dispatch(renameProject, { id: 'project-from A', name: 'A1' });
    b.store.dispatch(renameProject, { id: 'project-from A', name: 'B1' });
    hub.deliver();
    expect(names(a.store)).toEqual(names(b.store));
  });

  it('a tab that opens late gets what it missed from the tabs already open', () => {
    const storage = new MemoryStorage();
    const hub = tabHub();
    const a = harness(storage, { channel: hub.channel() });
    a.store.dispatch(addProject, 'not saved yet');
    hub.deliver();
    const b = harness(storage, { channel: hub.channel() });
    expect(names(b.store)).toEqual([]);
    hub.deliver();
    expect(names(b.store)).toEqual(['not saved yet']);
    // And B's own change reaches A through the same exchange.
    b.store.dispatch(addProject, 'from B');
    hub.deliver();
    expect(names(a.store)).toEqual(['not saved yet', 'from B']);
  });

  it('leaves another tab\'s changes to that tab to store: the tab that only received them writes nothing', () => {
    const storage = new MemoryStorage();
    const hub = tabHub({ immediate: true });
    const a = harness(storage, { channel: hub.channel() });
    const b = harness(storage, { channel: hub.channel() });
    const before = storage.writes;
    a.store.dispatch(addProject, 'typed in A');
    a.advance(SAVE_DELAY_MS);
    expect(storage.writes - before).toBe(1);
    expect(names(b.store)).toEqual(['typed in A']);
    // A goes on typing: its next save waits for the interval, and B waits for it rather than writing the lot itself.
    a.store.dispatch(addProject, 'still typing');
    b.advance(SAVE_INTERVAL_MS);
    expect(storage.writes - before).toBe(1);
    a.advance(SAVE_INTERVAL_MS);
    expect(storage.writes - before).toBe(2);
    b.advance(REMOTE_SAVE_GRACE_MS * 3);
    expect(storage.writes - before).toBe(2);
    // B's change after that is written with A's, which B holds too.
    b.store.dispatch(deleteProject, 'project-still typing');
    b.store.dispatch(renameProject, { id: 'project-typed in A', name: 'renamed in B' });
    b.advance(SAVE_DELAY_MS);
    expect(storage.writes - before).toBe(3);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['renamed in B']);
  });

  it('stores another tab\'s change itself when that tab did not within the grace (it was gone)', () => {
    const storage = new MemoryStorage();
    const hub = tabHub({ immediate: true });
    const a = harness(storage, { channel: hub.channel() });
    const b = harness(storage, { channel: hub.channel() });
    // A's change reaches B, and A never saves it (closed by a crash before its timer).
    a.store.dispatch(addProject, 'only in memory');
    a.store.dispose();
    b.advance(REMOTE_SAVE_GRACE_MS - 1);
    expect(stored(storage)?.data.projects).toEqual([]);
    b.advance(REMOTE_SAVE_GRACE_MS);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['only in memory']);
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
    // Text of the earlier format (an older tab), or a document holding nothing new, changes nothing.
    b.store.handleStorageChange(WORKSPACE_KEY, JSON.stringify(createEnvelope({ ...b.store.getSnapshot().data, projects: [] }, 0)));
    b.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(names(b.store)).toEqual(['shared']);
    expect(b.events.filter((event) => event.type === 'updated-from-other-tab')).toHaveLength(1);
  });

  it('upgrades the earlier format: keeps it as a "Before upgrade" restore point first, then stores the document', async () => {
    const storage = new MemoryStorage();
    const earlier = JSON.stringify(createEnvelope({ ...harness().store.getSnapshot().data, projects: [project('old')] }, 3));
    storage.setItem(WORKSPACE_KEY, earlier);
    let release: () => void = () => undefined;
    const kept: string[] = [];
    const { store, advance } = harness(storage, {
      keepUpgradeCopy: (text) => {
        kept.push(text);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    expect(names(store)).toEqual(['old']);
    expect(kept).toEqual([earlier]);
    store.dispatch(addProject, 'new');
    advance(5000);
    // Held until the restore point is written.
    expect(storage.getItem(WORKSPACE_KEY)).toBe(earlier);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    advance(5000);
    expect(stored(storage)).toMatchObject({ schemaVersion: REPLICA_FORMAT_VERSION, revision: 4 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['old', 'new']);
  });

  it('a closing tab stores its changes even while the upgrade\'s restore point is being written', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope({ ...harness().store.getSnapshot().data, projects: [project('old')] }, 1)));
    const { store } = harness(storage, { keepUpgradeCopy: () => new Promise(() => undefined) });
    store.dispatch(addProject, 'typed before closing');
    expect(store.flush()).toBe(true);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['old', 'typed before closing']);
  });

  it('keeps another tab\'s unreadable write aside and saves its own data over it', () => {
    const storage = new MemoryStorage();
    const { store, events } = harness(storage);
    store.dispatch(addProject, 'mine');
    store.flush();
    storage.setItem(WORKSPACE_KEY, '{"schemaVersion":1,"revision":5,"data":');
    store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(names(store)).toEqual(['mine']);
    store.dispatch(addProject, 'more');
    expect(store.flush()).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'repaired', unreadable: true }));
    expect(storage.getItem(`${RECOVERY_KEY_PREFIX}${NOW.toISOString()}`)).toBe('{"schemaVersion":1,"revision":5,"data":');
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['mine', 'more']);
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
    expect(stored(storage)?.data.projects).toEqual([]);
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
    storeEnvelope(storage, store.getSnapshot().data, 9, REPLICA_FORMAT_VERSION + 1);
    const before = storage.getItem(WORKSPACE_KEY);
    expect(store.flush()).toBe(false);
    expect(storage.getItem(WORKSPACE_KEY)).toBe(before);
    expect(store.getSnapshot().blocked).toEqual({ reason: 'newer-version', foundVersion: REPLICA_FORMAT_VERSION + 1, supportedVersion: REPLICA_FORMAT_VERSION });
    expect(events).toContainEqual({ type: 'blocked', blocked: store.getSnapshot().blocked });
  });

  it('opens data of a newer version without touching it', async () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify({ schemaVersion: REPLICA_FORMAT_VERSION + 3, revision: 4, data: { future: true } }));
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

  it('migrates the original product\'s bare data and stores it as a document', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify({ projects: [project('old')] }));
    const { store } = harness(storage);
    expect(names(store)).toEqual(['old']);
    store.dispatch(addProject, 'new');
    store.flush();
    expect(stored(storage)).toMatchObject({ schemaVersion: REPLICA_FORMAT_VERSION, revision: 2 });
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['old', 'new']);
  });
});

describe('what a save writes', () => {
  it('folds a grown log in the background: saves go on appending, and the next save after the fold stores it', async () => {
    const requests: { parts: StoredParts; done: (state: string) => void }[] = [];
    const foldInBackground = (parts: StoredParts) => new Promise<string>((resolve) => requests.push({ parts, done: resolve }));
    const { store, storage, advance } = harness(new MemoryStorage(), { foldInBackground });
    const first = parts(storage);
    store.dispatch(addProject, 'x'.repeat(80_000));
    store.flush();
    // Grown past the fold, but this save appended: the fold runs elsewhere.
    expect(parts(storage).state).toBe(first.state);
    expect(parts(storage).log).toHaveLength(1);
    expect(requests).toHaveLength(1);
    store.dispatch(addProject, 'later');
    store.flush();
    expect(parts(storage).log).toHaveLength(2);
    expect(requests).toHaveLength(1);

    const [request] = requests;
    request?.done(foldStoredParts(request.parts));
    await Promise.resolve();
    await Promise.resolve();
    advance(SAVE_INTERVAL_MS);
    // The folded state replaces what it came from; the later save's segment stays after it.
    expect(parts(storage).state).not.toBe(first.state);
    expect(parts(storage).log).toHaveLength(1);
    expect(stored(storage)?.data.projects.map((p) => p.name.length)).toEqual([80_000, 5]);
    expect(names(harness(storage).store)).toEqual(names(store));
  });

  const parts = (storage: Storage) => JSON.parse(storage.getItem(WORKSPACE_KEY) ?? 'null') as { state: string; log: string[] };

  it('appends each save\'s updates to the log as a segment, and folds the log in once it has grown', () => {
    const { store, storage } = harness();
    const first = parts(storage);
    expect(first.log).toEqual([]);
    store.dispatch(addProject, 'small');
    store.flush();
    // The whole encoding is kept as it was: only the change is new.
    expect(parts(storage).state).toBe(first.state);
    expect(parts(storage).log).toHaveLength(1);
    const [segment] = parts(storage).log;
    store.dispatch(addProject, 'second');
    store.flush();
    // The segment before is stored as it was; the save adds its own.
    expect(parts(storage).log).toEqual([segment, expect.any(String)]);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['small', 'second']);

    // A large change makes the log larger than the rule allows: the next save encodes the document whole again.
    store.dispatch(addProject, 'x'.repeat(80_000));
    store.flush();
    expect(parts(storage).log).toEqual([]);
    expect(parts(storage).state).not.toBe(first.state);
    expect(stored(storage)?.data.projects.map((p) => p.name.length)).toEqual([5, 6, 80_000]);
    // A tab that opens reads the document whole, log included.
    const reopened = harness(storage);
    store.dispatch(renameProject, { id: 'project-small', name: 'renamed' });
    store.flush();
    expect(names(harness(storage).store)[0]).toBe('renamed');
    expect(names(reopened.store)[0]).toBe('small');
  });
});

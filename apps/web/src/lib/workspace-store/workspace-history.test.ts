import { describe, expect, it, vi, beforeEach } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, deleteProject, harness, names, renameProject, stored, tabHub } from '@/test/store-harness.ts';
import { replaceWorkspace } from './workspace-actions.ts';
import { MAX_UNDO_STEPS, WORKSPACE_KEY } from './workspace-store.ts';
import { clearWorkspace } from '@grove/domain/commands/workspace-commands';
import { moveTask, moveTaskToColumn } from '@grove/domain/kanban/move-commands';
import { createTask, deleteTask } from '@grove/domain/kanban/task-commands';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('undo and redo', () => {
  it('undoes and redoes named commands in order, naming the next step in the snapshot', () => {
    const { store } = harness();
    store.dispatch(addProject, 'one');
    store.dispatch(addProject, 'two');
    expect(store.getSnapshot().undoName).toBe('addProject');
    expect(store.undo()).toEqual({ ok: true, name: 'addProject' });
    expect(names(store)).toEqual(['one']);
    expect(store.getSnapshot().redoName).toBe('addProject');
    expect(store.redo()).toEqual({ ok: true, name: 'addProject' });
    expect(names(store)).toEqual(['one', 'two']);
    store.undo();
    store.undo();
    expect(names(store)).toEqual([]);
    expect(store.undo()).toEqual({ ok: false, reason: 'nothing' });
    expect(store.getSnapshot().undoName).toBeNull();
  });

  it('a new command after an undo clears what could be redone', () => {
    const { store } = harness();
    store.dispatch(addProject, 'one');
    store.undo();
    store.dispatch(addProject, 'other');
    expect(store.redo()).toEqual({ ok: false, reason: 'nothing' });
    expect(names(store)).toEqual(['other']);
  });

  it('records nothing for a command that changes nothing', () => {
    const { store } = harness();
    store.dispatch(addProject, 'one');
    expect(store.dispatch(renameProject, { id: 'project-one', name: 'one' })).toBeNull();
    expect(store.dispatch(deleteProject, 'missing')).toBeNull();
    store.undo();
    expect(names(store)).toEqual([]);
  });

  it('survives a save, and the undone state is saved like any change', () => {
    const { store, storage, advance } = harness();
    store.dispatch(addProject, 'kept');
    store.dispatch(deleteProject, 'project-kept');
    advance(5000);
    expect(stored(storage)?.data.projects).toEqual([]);
    expect(store.undo().ok).toBe(true);
    expect(store.getSnapshot().status).toBe('pending');
    advance(5000);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['kept']);
  });

  it('undoes a given step (a toast\'s Undo) even when later steps followed elsewhere', () => {
    const { store } = harness();
    store.dispatch(addProject, 'a');
    store.dispatch(addProject, 'b');
    const deleted = store.dispatch(deleteProject, 'project-a');
    store.dispatch(renameProject, { id: 'project-b', name: 'B' });
    expect(deleted?.destructive).toBe(true);
    expect(store.undo(deleted?.id)).toEqual({ ok: true, name: 'deleteProject' });
    expect(names(store)).toEqual(['a', 'B']);
    // Once undone it is no longer in the history: a second click changes nothing.
    expect(store.undo(deleted?.id)).toEqual({ ok: false, reason: 'nothing' });
  });

  it('keeps upkeep dispatched as not undoable out of the history, while saving it', () => {
    const { store, storage, advance } = harness();
    store.dispatch(addProject, 'mine');
    expect(store.dispatch(renameProject, { id: 'project-mine', name: 'checked' }, { undoable: false })).toBeNull();
    advance(5000);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['checked']);
    expect(store.getSnapshot().undoName).toBe('addProject');
  });

  it('keeps at most MAX_UNDO_STEPS steps', () => {
    const { store } = harness();
    for (let index = 0; index <= MAX_UNDO_STEPS; index += 1) store.dispatch(addProject, `p${index}`);
    let undone = 0;
    while (store.undo().ok) undone += 1;
    expect(undone).toBe(MAX_UNDO_STEPS);
    expect(names(store)).toEqual(['p0']);
  });

  it('after another tab\'s save is merged, undo removes only this tab\'s step', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    const b = harness(storage);
    a.store.dispatch(addProject, 'mine');
    b.store.dispatch(addProject, 'theirs');
    b.store.flush();
    a.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    expect(names(a.store).sort()).toEqual(['mine', 'theirs']);
    expect(a.store.undo().ok).toBe(true);
    expect(names(a.store)).toEqual(['theirs']);
    a.store.flush();
    // The undo is stored over the other tab's data without losing it.
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['theirs']);
  });

  it('says so, changing nothing, when another tab changed the same thing since', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    a.store.dispatch(addProject, 'shared');
    a.store.flush();
    const b = harness(storage);
    a.store.dispatch(renameProject, { id: 'project-shared', name: 'A\'s name' });
    a.store.flush();
    b.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    b.store.dispatch(renameProject, { id: 'project-shared', name: 'B\'s name' });
    b.store.flush();
    a.store.handleStorageChange(WORKSPACE_KEY, storage.getItem(WORKSPACE_KEY));
    const before = a.store.getSnapshot().data;
    expect(a.store.undo()).toEqual({ ok: false, reason: 'conflict', name: 'renameProject' });
    expect(a.store.getSnapshot().data).toBe(before);
    expect(names(a.store)).toEqual(['B\'s name']);
  });

  it('an undo stored after another tab\'s save keeps that tab\'s change', () => {
    const storage = new MemoryStorage();
    const a = harness(storage);
    const b = harness(storage);
    a.store.dispatch(addProject, 'x');
    a.store.flush();
    a.store.undo();
    // B saves before A's undo is stored, without having seen A's project.
    b.store.dispatch(addProject, 'y');
    b.store.flush();
    expect(a.store.flush()).toBe(true);
    expect(stored(storage)?.data.projects.map((p) => p.name)).toEqual(['y']);
  });
});

describe('replaceWorkspace', () => {
  it('takes the restore point from another tab\'s newer save that this tab missed', async () => {
    const storage = new MemoryStorage();
    const behind = harness(storage);
    const ahead = harness(storage);
    ahead.store.dispatch(addProject, 'newer work');
    ahead.store.flush();
    // `behind` never got the storage event.
    const kept: string[] = [];
    const entry = await replaceWorkspace(behind.store, 'clear', clearWorkspace, { idSeed: { time: 1, salt: 1 } }, async (text) => {
      kept.push(text);
      return Promise.resolve();
    });
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('newer work');
    expect(names(behind.store)).toEqual([]);
    expect(entry?.name).toBe('clearWorkspace');
    // And Clear All is undoable like any command.
    expect(behind.store.undo().ok).toBe(true);
    expect(names(behind.store)).toEqual(['newer work']);
  });

  it('changes nothing when the restore point cannot be taken', async () => {
    const { store } = harness();
    store.dispatch(addProject, 'safe');
    await expect(replaceWorkspace(store, 'clear', clearWorkspace, { idSeed: { time: 1, salt: 1 } }, () => Promise.reject(new Error('no room'))))
      .rejects.toThrow('no room');
    expect(names(store)).toEqual(['safe']);
  });
});

describe('save errors', () => {
  it('the snapshot says the storage is full, and clears it once a save succeeds', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    const { store } = harness(storage);
    const setItem = vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.dispatch(addProject, 'big');
    expect(store.flush()).toBe(false);
    expect(store.getSnapshot()).toMatchObject({ status: 'error', saveError: 'quota' });
    setItem.mockRestore();
    expect(store.flush()).toBe(true);
    expect(store.getSnapshot()).toMatchObject({ status: 'saved', saveError: null });
  });
});

describe('undo across tabs (two tabs of one browser, changes exchanged at once)', () => {
  function twoTabs() {
    const storage = new MemoryStorage();
    const hub = tabHub({ immediate: true });
    const a = harness(storage, { channel: hub.channel() });
    const b = harness(storage, { channel: hub.channel() });
    return { storage, a, b };
  }

  it('undo reverts only this tab\'s step, never the other tab\'s edit made after it', () => {
    const { a, b } = twoTabs();
    a.store.dispatch(addProject, 'from A');
    b.store.dispatch(addProject, 'from B');
    expect(names(a.store)).toEqual(['from A', 'from B']);
    expect(a.store.undo()).toEqual({ ok: true, name: 'addProject' });
    expect(names(a.store)).toEqual(['from B']);
    expect(names(b.store)).toEqual(['from B']);
  });

  it('undo of a task delete brings it back even after the other tab changed that column', () => {
    const { a, b } = twoTabs();
    const columnOf = (id: string) => a.store.getSnapshot().data.kanbanBoard.columns.find((column) => column.itemIds.includes(id))?.id;
    const todo = a.store.getSnapshot().data.kanbanBoard.columns[0];
    const [first, second] = todo?.itemIds ?? [];
    if (!todo || !first) throw new Error('the default board has a task in its first column');
    b.store.dispatch(createTask, { id: 'from-b', content: 'Added in B', columnId: todo.id });
    const deleted = a.store.dispatch(deleteTask, { id: first });
    b.store.dispatch(createTask, { id: 'later-b', content: 'Added in B after the delete', columnId: todo.id });
    if (second) b.store.dispatch(moveTask, { taskId: second, over: { type: 'column', columnId: todo.id } });
    expect(a.store.undo(deleted?.id)).toEqual({ ok: true, name: 'deleteTask' });
    for (const store of [a.store, b.store]) {
      const items = store.getSnapshot().data.kanbanBoard.items;
      expect(Object.keys(items)).toEqual(expect.arrayContaining([first, 'from-b', 'later-b']));
    }
    expect(columnOf(first)).toBe(todo.id);
  });

  it('after a reload there is nothing to undo: the history starts with the page', () => {
    const storage = new MemoryStorage();
    const first = harness(storage);
    first.store.dispatch(addProject, 'before reload');
    first.store.flush();
    const reloaded = harness(storage);
    expect(reloaded.store.undo()).toEqual({ ok: false, reason: 'nothing' });
    expect(names(reloaded.store)).toEqual(['before reload']);
  });

  it('one task completed in both tabs at once scores once', () => {
    const storage = new MemoryStorage();
    const hub = tabHub();
    const a = harness(storage, { channel: hub.channel() });
    const b = harness(storage, { channel: hub.channel() });
    hub.deliver();
    const board = a.store.getSnapshot().data.kanbanBoard;
    const finished = board.columns.at(-1);
    const task = board.columns[0]?.itemIds[0];
    if (!finished || !task) throw new Error('the default board has a finished column and a task');
    a.store.dispatch(moveTaskToColumn, { taskId: task, columnId: finished.id });
    b.store.dispatch(moveTaskToColumn, { taskId: task, columnId: finished.id });
    hub.deliver();
    for (const store of [a.store, b.store]) {
      expect(store.getSnapshot().data.gamification.score).toBe(10);
      expect(store.getSnapshot().data.kanbanBoard.columns.flatMap((column) => column.itemIds).filter((id) => id === task)).toHaveLength(1);
    }
  });
});

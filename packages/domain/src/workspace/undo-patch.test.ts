import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataArb } from '../testing/studio-arbitraries.ts';
import { createDefaultStudioData } from './defaults.ts';
import { idsFromSeed } from './ids.ts';
import type { KanbanItem, Project, StudioData } from './model.ts';
import { deepEqual, diffWorkspace, reapplyPatch, revertPatch } from './undo-patch.ts';

const now = new Date('2026-03-05T10:00:00.000Z');
const project = (id: string, name = id): Project => ({
  id, name, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: now.toISOString(),
});
const base = (): StudioData => ({
  ...createDefaultStudioData(now, idsFromSeed({ time: 1, salt: 1 })),
  projects: [project('a'), project('b'), project('c')],
});
/** A stored copy, as another tab would read it: equal, but no object shared. */
const reloaded = (data: StudioData): StudioData => JSON.parse(JSON.stringify(data)) as StudioData;

function renameTask(data: StudioData, id: string, content: string): StudioData {
  const item = data.kanbanBoard.items[id] as KanbanItem;
  return { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, [id]: { ...item, content } } } };
}

function deleteTask(data: StudioData, id: string): StudioData {
  const { [id]: _removed, ...items } = data.kanbanBoard.items;
  const columns = data.kanbanBoard.columns.map((column) => (
    column.itemIds.includes(id) ? { ...column, itemIds: column.itemIds.filter((itemId) => itemId !== id) } : column));
  return { ...data, kanbanBoard: { columns, items } };
}

describe('diffWorkspace', () => {
  it('is empty for the same data, and for equal data that shares nothing', () => {
    const data = base();
    expect(diffWorkspace(data, data).changes).toEqual([]);
    expect(diffWorkspace(data, reloaded(data)).changes).toEqual([]);
  });

  it('records a task edit at the task field, not the whole board', () => {
    const before = base();
    const id = before.kanbanBoard.columns[0]?.itemIds[0] as string;
    const patch = diffWorkspace(before, renameTask(before, id, 'Renamed'));
    expect(patch.changes).toEqual([{ kind: 'value', path: ['kanbanBoard', 'items', id, 'content'], before: 'Plan your week', after: 'Renamed' }]);
  });

  it('records list elements with ids by id: removed, inserted and reordered', () => {
    const before = base();
    const after = { ...before, projects: [project('d'), project('c'), project('a')] };
    const kinds = diffWorkspace(before, after).changes.map((change) => change.kind);
    expect(kinds).toEqual(['remove', 'insert', 'order']);
  });
});

describe('revertPatch and reapplyPatch', () => {
  it('undo then redo a deleted task gives back each state exactly', () => {
    const before = base();
    const id = before.kanbanBoard.columns[1]?.itemIds[0] as string;
    const after = deleteTask(before, id);
    const patch = diffWorkspace(before, after);
    const undone = revertPatch(after, patch);
    expect(undone).toEqual({ ok: true, data: before });
    expect(reapplyPatch(before, patch)).toEqual({ ok: true, data: after });
  });

  it('undoes on another tab\'s copy of the data (nothing shared), keeping that tab\'s change elsewhere', () => {
    const before = base();
    const id = before.kanbanBoard.columns[0]?.itemIds[0] as string;
    const after = renameTask(before, id, 'Mine');
    const patch = diffWorkspace(before, after);
    const otherTab = { ...reloaded(after), projects: [...after.projects, project('z')] };
    const result = revertPatch(otherTab, patch);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.kanbanBoard.items[id]?.content).toBe('Plan your week');
    expect(result.data.projects.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'z']);
  });

  it('refuses, changing nothing, when another change touched the same place since', () => {
    const before = base();
    const id = before.kanbanBoard.columns[0]?.itemIds[0] as string;
    const after = renameTask(before, id, 'Mine');
    const patch = diffWorkspace(before, after);
    const changedSince = renameTask(after, id, 'Theirs');
    expect(revertPatch(changedSince, patch)).toEqual({ ok: false, conflicts: [['kanbanBoard', 'items', id, 'content']] });
    // A re-added id, a deleted element and a reordered list conflict too.
    const removed = diffWorkspace(before, { ...before, projects: before.projects.slice(1) });
    expect(revertPatch({ ...before, projects: [project('a', 'other'), ...before.projects.slice(1)] }, removed).ok).toBe(false);
    const reordered = diffWorkspace(before, { ...before, projects: [...before.projects].reverse() });
    expect(revertPatch(before, reordered).ok).toBe(false);
  });

  it('handles ids that name Object.prototype members (toString, constructor) as plain keys', () => {
    const before = base();
    const task = { id: 'toString', content: 'odd id', description: '', priority: 'low' as const, tags: [] };
    const withTask = { ...before, kanbanBoard: { ...before.kanbanBoard, items: { ...before.kanbanBoard.items, toString: task, constructor: { ...task, id: 'constructor' } } } };
    const patch = diffWorkspace(withTask, before);
    expect(reapplyPatch(withTask, patch)).toEqual({ ok: true, data: before });
    expect(revertPatch(before, patch)).toEqual({ ok: true, data: withTask });
    expect(Object.hasOwn(before.kanbanBoard.items, 'toString')).toBe(false);
  });

  it('redo refuses when the place no longer holds what the command found', () => {
    const before = base();
    const id = before.kanbanBoard.columns[0]?.itemIds[0] as string;
    const patch = diffWorkspace(before, renameTask(before, id, 'Mine'));
    expect(reapplyPatch(renameTask(before, id, 'Theirs'), patch).ok).toBe(false);
  });

  it('property: for any two workspaces, undo gives the first back and redo the second', () => {
    fc.assert(fc.property(studioDataArb, studioDataArb, (a, b) => {
      const patch = diffWorkspace(a, b);
      const undone = revertPatch(b, patch);
      const redone = reapplyPatch(a, patch);
      expect(undone.ok && deepEqual(undone.data, a)).toBe(true);
      expect(redone.ok && deepEqual(redone.data, b)).toBe(true);
    }), { numRuns: 300 });
  });

  it('property: edits by id (drop, insert, reorder, rename) undo exactly, also on a stored copy', () => {
    const editArb = fc.record({
      drop: fc.array(fc.nat(), { maxLength: 3 }),
      insert: fc.array(fc.string({ minLength: 1, maxLength: 4 }).map((name) => `new-${name}`), { maxLength: 3 }),
      shuffle: fc.array(fc.nat()),
      rename: fc.option(fc.nat()),
    });
    fc.assert(fc.property(studioDataArb, editArb, (a, edit) => {
      let projects = a.projects.filter((_, index) => !edit.drop.includes(index));
      for (const id of new Set(edit.insert)) {
        if (!projects.some((entry) => entry.id === id)) projects.splice(id.length % (projects.length + 1), 0, project(id));
      }
      projects = projects.map((entry, index) => ({ entry, key: edit.shuffle[index] ?? index }))
        .sort((x, y) => x.key - y.key).map(({ entry }) => entry);
      if (edit.rename !== null && projects.length > 0) {
        const at = edit.rename % projects.length;
        projects = projects.map((entry, index) => (index === at ? { ...entry, name: `${entry.name}!` } : entry));
      }
      const b = { ...a, projects };
      const patch = diffWorkspace(a, b);
      const undone = revertPatch(reloaded(b), patch);
      expect(undone.ok && deepEqual(undone.data, a)).toBe(true);
    }), { numRuns: 300 });
  });
});

import { describe, expect, it } from 'vitest';
import { createDefaultStudioData } from './defaults.ts';
import { idsFromSeed } from './ids.ts';
import type { KanbanItem, Page, StudioData } from './model.ts';
import {
  selectChildPages, selectColumnIdOfTask, selectColumnTasks, selectPage, selectTask, selectTaskCount, shallowEqualArrays,
} from './selectors.ts';

const now = new Date('2026-03-05T10:00:00.000Z');
const data = (): StudioData => createDefaultStudioData(now, idsFromSeed({ time: 1, salt: 3 }));
const page = (id: string, parentId: string | null): Page => ({ id, title: id, icon: '📄', parentId, createdAt: now.toISOString(), content: [] });

function editTask(source: StudioData, id: string, content: string): StudioData {
  const item = source.kanbanBoard.items[id] as KanbanItem;
  return { ...source, kanbanBoard: { ...source.kanbanBoard, items: { ...source.kanbanBoard.items, [id]: { ...item, content } } } };
}

describe('kanban selectors', () => {
  it('a column\'s task list stays the same object when a task of another column changes', () => {
    const before = data();
    const [first, second] = before.kanbanBoard.columns;
    const listBefore = selectColumnTasks(before, first?.id as string);
    const after = editTask(before, second?.itemIds[0] as string, 'Changed');
    expect(selectColumnTasks(after, first?.id as string)).toBe(listBefore);
    const secondBefore = selectColumnTasks(before, second?.id as string);
    expect(selectColumnTasks(after, second?.id as string)).not.toBe(secondBefore);
    expect(selectColumnTasks(after, second?.id as string)[0]?.content).toBe('Changed');
  });

  it('finds a task, its column and the count; unknown ids give nothing', () => {
    const board = data();
    const column = board.kanbanBoard.columns[2];
    const id = column?.itemIds[0] as string;
    expect(selectTask(board, id)?.id).toBe(id);
    expect(selectColumnIdOfTask(board, id)).toBe(column?.id);
    expect(selectColumnIdOfTask(board, 'missing')).toBeUndefined();
    expect(selectColumnTasks(board, 'missing')).toEqual([]);
    expect(selectTaskCount(board)).toBe(4);
  });
});

describe('page selectors', () => {
  it('index children by parent and find pages by id', () => {
    const withPages = { ...data(), pages: [page('a', null), page('b', 'a'), page('c', 'a'), page('d', null)] };
    expect(selectChildPages(withPages, null).map((entry) => entry.id)).toEqual(['a', 'd']);
    expect(selectChildPages(withPages, 'a').map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(selectChildPages(withPages, 'b')).toEqual([]);
    expect(selectChildPages(withPages, 'b')).toBe(selectChildPages(withPages, 'c'));
    expect(selectPage(withPages, 'c')?.parentId).toBe('a');
  });
});

describe('shallowEqualArrays', () => {
  it('compares elements by identity', () => {
    const one = { id: 1 };
    expect(shallowEqualArrays([one], [one])).toBe(true);
    expect(shallowEqualArrays([one], [{ id: 1 }])).toBe(false);
    expect(shallowEqualArrays([one], [one, one])).toBe(false);
  });
});

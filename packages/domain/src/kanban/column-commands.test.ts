import { describe, expect, it } from 'vitest';
import { BOARD_NOW, boardData, layout, tree } from '../testing/kanban-board.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import { addColumn, deleteColumn, moveColumn, renameColumn } from './column-commands.ts';

const now = BOARD_NOW;
const titles = (data: ReturnType<typeof boardData>) => data.kanbanBoard.columns.map((column) => column.title);
const order = (data: ReturnType<typeof boardData>) => data.kanbanBoard.columns.map((column) => column.id);

describe('addColumn', () => {
  it('appends an empty column titled \'Column N\', N = the column count + 1', () => {
    const once = addColumn.run(boardData(), { id: 'c5' }, now);
    expect(once.kanbanBoard.columns.at(-1)).toEqual({ id: 'c5', title: 'Column 5', itemIds: [] });
    const twice = addColumn.run(once, { id: 'c6' }, now);
    expect(titles(twice).slice(-2)).toEqual(['Column 5', 'Column 6']);
    expect(twice.kanbanBoard.columns[0]).toBe(once.kanbanBoard.columns[0]);
  });

  it('an id already used by a column changes nothing', () => {
    const data = boardData();
    expect(addColumn.run(data, { id: 'todo' }, now)).toBe(data);
  });
});

describe('renameColumn', () => {
  it('stores the new title trimmed and touches no other column', () => {
    const data = boardData();
    const after = renameColumn.run(data, { id: 'review', title: '  QA  ' }, now);
    expect(titles(after)).toEqual(['To-do', 'In progress', 'QA', 'Finished']);
    expect(after.kanbanBoard.columns[0]).toBe(data.kanbanBoard.columns[0]);
    expect(after.kanbanBoard.items).toBe(data.kanbanBoard.items);
  });

  it('a blank title keeps the old one; the same title or an unknown column changes nothing', () => {
    const data = boardData();
    expect(renameColumn.run(data, { id: 'review', title: '   ' }, now)).toBe(data);
    expect(renameColumn.run(data, { id: 'review', title: ' Under review ' }, now)).toBe(data);
    expect(renameColumn.run(data, { id: 'missing', title: 'X' }, now)).toBe(data);
  });
});

describe('deleteColumn', () => {
  it('deletes the column with all its tasks and their trees; other tasks and trees stay', () => {
    const data = { ...boardData(), garden: [...boardData().garden, tree('project-1', { sourceType: 'project' })] };
    const after = deleteColumn.run(data, { id: 'todo' }, now);
    expect(layout(after)).toEqual({ doing: ['c'], review: [], done: ['d'] });
    expect(Object.keys(after.kanbanBoard.items)).toEqual(['c', 'd']);
    expect(after.garden.map((entry) => entry.id)).toEqual(['c', 'd', 'project-1']);
  });

  it('an empty column goes alone; an unknown column changes nothing', () => {
    const data = boardData();
    const after = deleteColumn.run(data, { id: 'review' }, now);
    expect(order(after)).toEqual(['todo', 'doing', 'done']);
    expect(after.kanbanBoard.items).toBe(data.kanbanBoard.items);
    expect(after.garden).toBe(data.garden);
    expect(deleteColumn.run(data, { id: 'missing' }, now)).toBe(data);
  });

  it('is destructive, and undo gives the column, its tasks and their trees back exactly', () => {
    expect(deleteColumn.destructive).toBe(true);
    const data = boardData();
    const after = deleteColumn.run(data, { id: 'todo' }, now);
    expect(revertPatch(after, diffWorkspace(data, after))).toEqual({ ok: true, data });
  });
});

describe('moveColumn (columns reorder by drag)', () => {
  it('moves a column to its index once dropped, the others shifting (arrayMove)', () => {
    const data = boardData();
    expect(order(moveColumn.run(data, { id: 'todo', toIndex: 2 }, now))).toEqual(['doing', 'review', 'todo', 'done']);
    expect(order(moveColumn.run(data, { id: 'done', toIndex: 0 }, now))).toEqual(['done', 'todo', 'doing', 'review']);
  });

  it('takes an index past either end as that end, and a fraction rounded down', () => {
    const data = boardData();
    expect(order(moveColumn.run(data, { id: 'todo', toIndex: 99 }, now))).toEqual(['doing', 'review', 'done', 'todo']);
    expect(order(moveColumn.run(data, { id: 'done', toIndex: -3 }, now))).toEqual(['done', 'todo', 'doing', 'review']);
    expect(order(moveColumn.run(data, { id: 'todo', toIndex: 1.9 }, now))).toEqual(['doing', 'todo', 'review', 'done']);
  });

  it('the same place, an unknown column or a non-number index changes nothing', () => {
    const data = boardData();
    expect(moveColumn.run(data, { id: 'doing', toIndex: 1 }, now)).toBe(data);
    expect(moveColumn.run(data, { id: 'missing', toIndex: 0 }, now)).toBe(data);
    expect(moveColumn.run(data, { id: 'todo', toIndex: Number.NaN }, now)).toBe(data);
  });

  it('records only the new order, so undo is one small step', () => {
    const data = boardData();
    const after = moveColumn.run(data, { id: 'todo', toIndex: 3 }, now);
    expect(diffWorkspace(data, after).changes.map((change) => change.kind)).toEqual(['order']);
  });
});

import { describe, expect, it } from 'vitest';
import { createSeedBoard } from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import type { KanbanBoard } from './model.ts';
import { normaliseBoard } from './normalise-board.ts';
import type { Repair } from './repair.ts';

const NOW = new Date(2024, 2, 10, 9, 30);
const testIds = () => createIdGenerator({ now: () => 500, random: () => 0 });
const task = (id: string, content = id) => ({ id, content, description: '', priority: 'medium', tags: [] });

function normalise(raw: unknown) {
  const repairs: Repair[] = [];
  const board = normaliseBoard(raw, NOW, testIds(), (section, message, lossy, kind) => repairs.push({ section, kind, message, lossy }));
  return { board, repairs };
}

describe('normaliseBoard', () => {
  it('seeds a missing, damaged or empty board', () => {
    const seed = createSeedBoard(NOW, testIds());
    expect(normalise(undefined).board).toEqual(seed);
    expect(normalise('board').board).toEqual(seed);
    expect(normalise({ columns: [], items: {} }).board).toEqual(seed);
    expect(normalise('board').repairs).toEqual([expect.objectContaining({ lossy: true })]);
  });

  it('keeps a valid board exactly, with nothing to report', () => {
    const board: KanbanBoard = {
      columns: [{ id: 'c1', title: 'To-do', itemIds: ['a', 'b'] }, { id: 'c2', title: 'Finished', itemIds: [] }],
      items: { a: { ...task('a'), priority: 'high', dueDate: '2024-03-12' }, b: { ...task('b'), tags: ['x'] } },
    } as KanbanBoard;
    expect(normalise(structuredClone(board))).toEqual({ board, repairs: [] });
  });

  it('reads a task with no priority as medium (missing means medium)', () => {
    const { board, repairs } = normalise({ columns: [{ id: 'c', title: 'T', itemIds: ['a'] }], items: { a: { id: 'a', content: 'A' } } });
    expect(board.items.a).toEqual({ id: 'a', content: 'A', description: '', priority: 'medium', tags: [] });
    expect(repairs).toEqual([]);
  });

  it('drops a task without a title, and resets the bad fields of others', () => {
    const { board, repairs } = normalise({
      columns: [{ id: 'c', title: 'T', itemIds: ['a', 'b'] }],
      items: { a: { id: 'a', description: 'no title' }, b: { id: 'b', content: 'B', priority: 'urgent', dueDate: 'soon' } },
    });
    expect(Object.keys(board.items)).toEqual(['b']);
    expect(board.items.b).toEqual(task('b', 'B'));
    expect(board.columns[0]?.itemIds).toEqual(['b']);
    expect(repairs.filter((repair) => repair.lossy)).toHaveLength(2);
  });

  it('removes references to missing tasks and lists each task once', () => {
    const { board } = normalise({
      columns: [{ id: 'c1', title: 'To-do', itemIds: ['a', 'ghost', 'a', 7] }, { id: 'c2', title: 'Done', itemIds: ['a', 'b'] }],
      items: { a: task('a'), b: task('b') },
    });
    expect(board.columns.map((column) => column.itemIds)).toEqual([['a'], ['b']]);
  });

  it('puts tasks that are in no column at the end of the to-do column, never dropping them', () => {
    const { board, repairs } = normalise({
      columns: [{ id: 'c1', title: 'Doing', itemIds: ['a'] }, { id: 'c2', title: 'TO-DO', itemIds: ['b'] }],
      items: { a: task('a'), b: task('b'), lost: task('lost') },
    });
    expect(board.columns[1]?.itemIds).toEqual(['b', 'lost']);
    expect(repairs).toEqual([expect.objectContaining({ lossy: false })]);
  });

  it('creates the default columns (without sample tasks) for tasks when there are no columns', () => {
    const { board } = normalise({ items: { a: task('a') } });
    expect(board.columns.map((column) => [column.title, column.itemIds])).toEqual([
      ['To-do', ['a']], ['In progress', []], ['Under review', []], ['Finished', []],
    ]);
    expect(Object.keys(board.items)).toEqual(['a']);
  });

  it('takes the key as the id, since columns refer to keys', () => {
    const { board } = normalise({ columns: [{ id: 'c', title: 'T', itemIds: ['k'] }], items: { k: task('other') } });
    expect(board.items.k?.id).toBe('k');
  });

  it('accepts tasks kept as a list', () => {
    const { board } = normalise({ columns: [{ id: 'c', title: 'T', itemIds: ['a'] }], items: [task('a')] });
    expect(board.items).toEqual({ a: task('a') });
  });

  it('repairs columns: missing title, missing itemIds, repeated id', () => {
    const { board } = normalise({
      columns: [{ id: 'c', itemIds: ['a'] }, { id: 'c', title: 'Second' }, 'junk'],
      items: { a: task('a') },
    });
    expect(board.columns).toEqual([
      { id: 'c', title: 'Column 1', itemIds: ['a'] },
      { id: 'column-500-000000', title: 'Second', itemIds: [] },
    ]);
  });

  it('keeps a "__proto__" task key from reaching the prototype', () => {
    const raw: unknown = JSON.parse('{"columns":[{"id":"c","title":"T","itemIds":["__proto__","a"]}],"items":{"__proto__":{"id":"__proto__","content":"x"},"a":{"id":"a","content":"A"}}}');
    const { board } = normalise(raw);
    expect(Object.getPrototypeOf(board.items)).toBe(Object.prototype);
    expect(Object.keys(board.items)).toEqual(['a']);
    expect(board.columns[0]?.itemIds).toEqual(['a']);
  });
});

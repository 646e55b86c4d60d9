import { describe, expect, it } from 'vitest';
import { BOARD_NOW, boardData, layout, task, tree } from '../testing/kanban-board.ts';
import type { KanbanItem, StudioData } from '../workspace/model.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import { clearCompleted, createTask, deleteTask, updateTask, type CreateTaskInput } from './task-commands.ts';

const now = BOARD_NOW;
const input = (fields: Partial<CreateTaskInput> = {}): CreateTaskInput => ({
  id: 'new', content: 'Write the report', description: 'By Friday', priority: 'high', tags: ['work'], ...fields,
});
const retitled = (data: StudioData, titles: Record<string, string>): StudioData => ({
  ...data,
  kanbanBoard: {
    ...data.kanbanBoard,
    columns: data.kanbanBoard.columns.map((column) => ({ ...column, title: titles[column.id] ?? column.title })),
  },
});

describe('createTask', () => {
  it('puts a new task at the top of the column titled \'to-do\' and plants its tree (stage 0, healthy)', () => {
    const after = createTask.run(boardData(), input(), now);
    expect(layout(after).todo).toEqual(['new', 'a', 'b']);
    expect(after.kanbanBoard.items.new).toEqual({
      id: 'new', content: 'Write the report', description: 'By Friday', priority: 'high', tags: ['work'],
    });
    expect(after.garden.at(-1)).toEqual({
      id: 'new', sourceId: 'new', sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: now.toISOString(),
    });
  });

  it('finds the to-do column by title, case-insensitive and trimmed, wherever it is', () => {
    const data = retitled(boardData(), { todo: 'Backlog', review: '  TO-DO ' });
    expect(layout(createTask.run(data, input(), now)).review).toEqual(['new']);
  });

  it('without a to-do column, uses the first column', () => {
    const data = retitled(boardData(), { todo: 'Backlog' });
    expect(layout(createTask.run(data, input(), now)).todo).toEqual(['new', 'a', 'b']);
  });

  it('a column\'s own Add Task puts the task at the top of that column', () => {
    expect(layout(createTask.run(boardData(), input({ columnId: 'doing' }), now)).doing).toEqual(['new', 'c']);
  });

  it('a column deleted since the form opened falls back to the to-do column', () => {
    expect(layout(createTask.run(boardData(), input({ columnId: 'gone' }), now)).todo).toEqual(['new', 'a', 'b']);
  });

  it('creating a task directly in the finished column scores nothing', () => {
    const data = boardData();
    const after = createTask.run(data, input({ columnId: 'done' }), now);
    expect(layout(after).done).toEqual(['new', 'd']);
    expect(after.gamification).toBe(data.gamification);
    expect(after.garden.at(-1)?.growthStage).toBe(0);
  });

  it('a blank title (after trimming) changes nothing: the screen shows the error toast', () => {
    const data = boardData();
    expect(createTask.run(data, input({ content: '' }), now)).toBe(data);
    expect(createTask.run(data, input({ content: '  \t ' }), now)).toBe(data);
  });

  it('stores the title trimmed, the tags trimmed without empties or repeats, and no due date for an empty one', () => {
    const after = createTask.run(boardData(), input({ content: '  Call Ana ', tags: [' x', '', 'x', 'y '], dueDate: '' }), now);
    expect(after.kanbanBoard.items.new).toMatchObject({ content: 'Call Ana', tags: ['x', 'y'] });
    expect(Object.hasOwn(after.kanbanBoard.items.new ?? {}, 'dueDate')).toBe(false);
    expect(createTask.run(boardData(), input({ dueDate: '2026-03-09' }), now).kanbanBoard.items.new?.dueDate).toBe('2026-03-09');
  });

  it('a missing priority, description or tag list means medium, empty and none', () => {
    const after = createTask.run(boardData(), { id: 'new', content: 'Bare' }, now);
    expect(after.kanbanBoard.items.new).toEqual({ id: 'new', content: 'Bare', description: '', priority: 'medium', tags: [] });
  });

  it('an id already used by a task or a tree changes nothing, so ids stay unique', () => {
    const data = boardData();
    expect(createTask.run(data, input({ id: 'a' }), now)).toBe(data);
    const withKeptTree = { ...data, garden: [...data.garden, tree('kept')] };
    expect(createTask.run(withKeptTree, input({ id: 'kept' }), now)).toBe(withKeptTree);
  });

  it('a board without columns changes nothing: a task must sit in a column', () => {
    const data = { ...boardData(), kanbanBoard: { columns: [], items: {} } };
    expect(createTask.run(data, input(), now)).toBe(data);
  });

  it('changes only the target column, the items record and the garden', () => {
    const data = boardData();
    const paths = diffWorkspace(data, createTask.run(data, input(), now)).changes.map((change) => JSON.stringify(change.path));
    expect(paths).toEqual([
      JSON.stringify(['kanbanBoard', 'columns', { id: 'todo' }, 'itemIds']),
      JSON.stringify(['kanbanBoard', 'items', 'new']),
      JSON.stringify(['garden']),
    ]);
  });
});

describe('updateTask', () => {
  it('changes the given fields only and keeps the task\'s other fields, known or not', () => {
    const data = boardData();
    // A field from a newer Grove, which this version's type does not name.
    const a: KanbanItem = Object.assign(task('a'), { colour: 'teal' });
    const items: Record<string, KanbanItem> = { ...data.kanbanBoard.items, a };
    const extra = { ...data, kanbanBoard: { ...data.kanbanBoard, items } };
    const after = updateTask.run(extra, { id: 'a', content: ' Renamed ', tags: ['q', 'q '] }, now);
    expect(after.kanbanBoard.items.a).toEqual({ ...task('a'), colour: 'teal', content: 'Renamed', tags: ['q'] });
    expect(after.kanbanBoard.items.b).toBe(extra.kanbanBoard.items.b);
    expect(after.kanbanBoard.columns).toBe(extra.kanbanBoard.columns);
  });

  it('a blank title refuses the whole edit: nothing changes', () => {
    const data = boardData();
    expect(updateTask.run(data, { id: 'a', content: ' ', priority: 'low' }, now)).toBe(data);
  });

  it('a missing priority stays as it was, and a task that had none is saved as medium', () => {
    const data = boardData();
    const high = updateTask.run(data, { id: 'a', priority: 'high' }, now);
    expect(updateTask.run(high, { id: 'a', description: 'More' }, now).kanbanBoard.items.a?.priority).toBe('high');
    const { priority: _dropped, ...bare } = task('b');
    const without = { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, b: bare as never } } };
    expect(updateTask.run(without, { id: 'b', description: 'x' }, now).kanbanBoard.items.b?.priority).toBe('medium');
  });

  it('an empty due date removes it; a missing one keeps it', () => {
    const dated = updateTask.run(boardData(), { id: 'a', dueDate: '2026-04-01' }, now);
    expect(dated.kanbanBoard.items.a?.dueDate).toBe('2026-04-01');
    expect(updateTask.run(dated, { id: 'a', content: 'Still dated' }, now).kanbanBoard.items.a?.dueDate).toBe('2026-04-01');
    const cleared = updateTask.run(dated, { id: 'a', dueDate: '' }, now);
    expect(Object.hasOwn(cleared.kanbanBoard.items.a ?? {}, 'dueDate')).toBe(false);
  });

  it('an edit that changes nothing, or of an unknown task, returns the data itself', () => {
    const data = boardData();
    expect(updateTask.run(data, { id: 'a', content: 'Task a', priority: 'medium', tags: [] }, now)).toBe(data);
    expect(updateTask.run(data, { id: 'missing', content: 'x' }, now)).toBe(data);
    expect(updateTask.run(data, { id: 'constructor', content: 'x' }, now)).toBe(data);
  });
});

describe('deleteTask', () => {
  it('removes the task from its column, from the board and its tree from the garden', () => {
    const data = boardData();
    const after = deleteTask.run(data, { id: 'b' }, now);
    expect(layout(after)).toEqual({ todo: ['a'], doing: ['c'], review: [], done: ['d'] });
    expect(Object.keys(after.kanbanBoard.items)).toEqual(['a', 'c', 'd']);
    expect(after.garden.map((entry) => entry.id)).toEqual(['a', 'c', 'd']);
    expect(after.kanbanBoard.columns[1]).toBe(data.kanbanBoard.columns[1]);
  });

  it('is destructive (the screen confirms, and its toast offers Undo), and undo gives the task back exactly', () => {
    expect(deleteTask.destructive).toBe(true);
    const data = boardData();
    const after = deleteTask.run(data, { id: 'a' }, now);
    expect(revertPatch(after, diffWorkspace(data, after))).toEqual({ ok: true, data });
  });

  it('an unknown task changes nothing', () => {
    const data = boardData();
    expect(deleteTask.run(data, { id: 'missing' }, now)).toBe(data);
  });
});

describe('clearCompleted', () => {
  it('removes the finished column\'s tasks and keeps their trees as the record of finished work', () => {
    const data = retitled(boardData(), { doing: 'Finished' });
    const after = clearCompleted.run(data, { columnId: 'doing' }, now);
    expect(layout(after)).toEqual({ todo: ['a', 'b'], doing: [], review: [], done: ['d'] });
    expect(Object.keys(after.kanbanBoard.items)).toEqual(['a', 'b', 'd']);
    expect(after.garden).toBe(data.garden);
  });

  it('works only on a column titled \'finished\' (case-insensitive): any other column changes nothing', () => {
    const data = boardData();
    expect(clearCompleted.run(data, { columnId: 'todo' }, now)).toBe(data);
    expect(clearCompleted.run(data, { columnId: 'missing' }, now)).toBe(data);
    const shouting = retitled(data, { done: ' FINISHED ' });
    expect(layout(clearCompleted.run(shouting, { columnId: 'done' }, now)).done).toEqual([]);
  });

  it('an empty finished column changes nothing; the command is destructive', () => {
    const data = clearCompleted.run(boardData(), { columnId: 'done' }, now);
    expect(clearCompleted.run(data, { columnId: 'done' }, now)).toBe(data);
    expect(clearCompleted.destructive).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { BOARD_NOW, boardData, layout, task } from '../testing/kanban-board.ts';
import type { StudioData } from '../workspace/model.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import { moveTask, moveTaskToColumn, type DropTarget } from './move-commands.ts';

const now = BOARD_NOW;
const onColumn = (columnId: string): DropTarget => ({ type: 'column', columnId });
const onTask = (taskId: string): DropTarget => ({ type: 'task', taskId });
const move = (data: StudioData, taskId: string, over: DropTarget | null) => moveTask.run(data, { taskId, over }, now);
/** `data` with a column added at the end holding `itemIds` (taken from their columns; new ids become tasks). */
const withColumn = (data: StudioData, id: string, itemIds: string[], title = id): StudioData => ({
  ...data,
  kanbanBoard: {
    columns: [
      ...data.kanbanBoard.columns.map((column) => ({ ...column, itemIds: column.itemIds.filter((item) => !itemIds.includes(item)) })),
      { id, title, itemIds },
    ],
    items: { ...Object.fromEntries(itemIds.map((item) => [item, task(item)])), ...data.kanbanBoard.items },
  },
});
const treeOf = (data: StudioData, id: string) => data.garden.find((entry) => entry.id === id);

describe('moveTask: dropping on a column', () => {
  it('appends the task at the end of another column', () => {
    expect(layout(move(boardData(), 'a', onColumn('doing')))).toEqual({ todo: ['b'], doing: ['c', 'a'], review: [], done: ['d'] });
    expect(layout(move(boardData(), 'c', onColumn('review'))).review).toEqual(['c']);
  });

  it('moves the task to the end of its own column; already last, nothing changes', () => {
    const data = boardData();
    expect(layout(move(data, 'a', onColumn('todo'))).todo).toEqual(['b', 'a']);
    expect(move(data, 'b', onColumn('todo'))).toBe(data);
  });

  it('an unknown column changes nothing', () => {
    const data = boardData();
    expect(move(data, 'a', onColumn('missing'))).toBe(data);
  });
});

describe('moveTask: dropping on a task', () => {
  const five = () => withColumn(boardData(), 'list', ['p', 'q', 'r', 's', 't']);

  it('in another column, the task takes the target\'s place and the rest move down', () => {
    expect(layout(move(boardData(), 'c', onTask('b'))).todo).toEqual(['a', 'c', 'b']);
    expect(layout(move(boardData(), 'c', onTask('a'))).todo).toEqual(['c', 'a', 'b']);
    expect(layout(move(boardData(), 'c', onTask('b'))).doing).toEqual([]);
  });

  it('in its own column, dragged down it lands just after the target (dnd-kit arrayMove)', () => {
    const data = five();
    expect(layout(move(data, 'q', onTask('s'))).list).toEqual(['p', 'r', 's', 'q', 't']);
    expect(layout(move(data, 'p', onTask('t'))).list).toEqual(['q', 'r', 's', 't', 'p']);
  });

  it('in its own column, dragged up it lands just before the target', () => {
    const data = five();
    expect(layout(move(data, 's', onTask('q'))).list).toEqual(['p', 's', 'q', 'r', 't']);
    expect(layout(move(data, 't', onTask('p'))).list).toEqual(['t', 'p', 'q', 'r', 's']);
  });

  it('reordering inside a column only reorders: one order change, no score, no tree growth', () => {
    const data = five();
    const after = move(data, 'q', onTask('s'));
    const paths = diffWorkspace(data, after).changes.map((change) => change.path);
    expect(paths).toEqual([['kanbanBoard', 'columns', { id: 'list' }, 'itemIds']]);
  });

  it('dropping on itself, outside, on an unknown task, or moving an unknown task changes nothing', () => {
    const data = boardData();
    expect(move(data, 'a', onTask('a'))).toBe(data);
    expect(move(data, 'a', null)).toBe(data);
    expect(move(data, 'a', onTask('missing'))).toBe(data);
    expect(move(data, 'missing', onTask('a'))).toBe(data);
    expect(move(data, 'constructor', onColumn('todo'))).toBe(data);
  });
});

describe('moving into the finished column completes the task', () => {
  it('a drop from another column scores, starts the streak and grows the task\'s tree one stage, healthy', () => {
    const data = boardData();
    const wilting = { ...data, garden: data.garden.map((entry) => (entry.id === 'c' ? { ...entry, status: 'wilting' as const } : entry)) };
    const after = move(wilting, 'c', onColumn('done'));
    expect(layout(after).done).toEqual(['d', 'c']);
    expect(after.gamification).toMatchObject({ score: 10, streak: 1, level: 1 });
    expect(treeOf(after, 'c')).toMatchObject({ growthStage: 1, status: 'healthy' });
    expect(treeOf(after, 'a')).toBe(treeOf(wilting, 'a'));
  });

  it('a drop on a finished task completes it too, and the title is matched case-insensitively', () => {
    const shouting = withColumn(boardData(), 'shout', ['d'], ' FINISHED ');
    const after = move(shouting, 'a', onTask('d'));
    expect(layout(after).shout).toEqual(['a', 'd']);
    expect(after.gamification.score).toBe(10);
  });

  it('reordering inside the finished column, or moving out of it, scores nothing', () => {
    const data = move(boardData(), 'a', onColumn('done'));
    const score = data.gamification.score;
    expect(move(data, 'a', onTask('d')).gamification.score).toBe(score);
    expect(move(data, 'd', onColumn('done')).gamification.score).toBe(score);
    expect(move(data, 'a', onColumn('todo')).gamification.score).toBe(score);
  });

  it('a task already finished is not completed again by a move to another finished column', () => {
    const two = withColumn(boardData(), 'archive', [], 'finished');
    const after = move(two, 'd', onColumn('archive'));
    expect(layout(after).archive).toEqual(['d']);
    expect(after.gamification).toBe(two.gamification);
  });

  it('each completion counts: two tasks finished the same day score 20 with a streak of 1', () => {
    const after = move(move(boardData(), 'a', onColumn('done')), 'b', onColumn('done'));
    expect(after.gamification).toMatchObject({ score: 20, streak: 1 });
  });

  it('undo of a completing move gives back the board, the score and the tree exactly', () => {
    const data = boardData();
    const after = move(data, 'c', onColumn('done'));
    expect(revertPatch(after, diffWorkspace(data, after))).toEqual({ ok: true, data });
  });
});

describe('moveTaskToColumn (the card\'s Move to… menu)', () => {
  it('appends the task to the chosen column', () => {
    expect(layout(moveTaskToColumn.run(boardData(), { taskId: 'a', columnId: 'review' }, now)))
      .toEqual({ todo: ['b'], doing: ['c'], review: ['a'], done: ['d'] });
  });

  it('completes the task when the chosen column is the finished one', () => {
    const after = moveTaskToColumn.run(boardData(), { taskId: 'b', columnId: 'done' }, now);
    expect(layout(after).done).toEqual(['d', 'b']);
    expect(after.gamification.score).toBe(10);
    expect(treeOf(after, 'b')?.growthStage).toBe(1);
  });

  it('its own column, an unknown column or an unknown task changes nothing', () => {
    const data = boardData();
    expect(moveTaskToColumn.run(data, { taskId: 'a', columnId: 'todo' }, now)).toBe(data);
    expect(moveTaskToColumn.run(data, { taskId: 'a', columnId: 'missing' }, now)).toBe(data);
    expect(moveTaskToColumn.run(data, { taskId: 'missing', columnId: 'todo' }, now)).toBe(data);
  });
});

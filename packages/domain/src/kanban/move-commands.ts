import { completeTask } from '../gamification/complete-task.ts';
import { isFinishedColumn } from '../workspace/column-roles.ts';
import { defineCommand } from '../workspace/command.ts';
import type { KanbanColumn, StudioData } from '../workspace/model.ts';
import { arrayMove, findColumn, findColumnOfTask, hasTask, withBoard } from './board-edit.ts';

// Moving tasks (docs/product.md, Kanban board): by drag and drop, and by the card's 'Move to…' menu.

/** Where a dragged task was dropped: on a column (its body or header) or on another task's card. */
export type DropTarget =
  | { readonly type: 'column'; readonly columnId: string }
  | { readonly type: 'task'; readonly taskId: string };

export interface MoveTaskInput {
  readonly taskId: string;
  /** null: dropped outside any column or task. */
  readonly over: DropTarget | null;
}

/**
 * Moves the task from `source` to index `to` of `target` (for the same column, `to` is its index once moved).
 * A move into a finished column from a column that is not finished completes the task: points, streak, level,
 * decorations and its tree's growth (gamification/complete-task.ts). A task already in a finished column is not
 * completed again by a move to another one, so it never scores twice.
 */
function placeTask(data: StudioData, taskId: string, source: KanbanColumn, target: KanbanColumn, to: number, now: Date): StudioData {
  const { columns } = data.kanbanBoard;
  if (source.id === target.id) {
    const from = source.itemIds.indexOf(taskId);
    if (from === to) return data;
    const itemIds = arrayMove(source.itemIds, from, to);
    return withBoard(data, { columns: columns.map((column) => (column === source ? { ...source, itemIds } : column)) });
  }
  const targetIds = [...target.itemIds];
  targetIds.splice(to, 0, taskId);
  const moved = withBoard(data, {
    columns: columns.map((column) => {
      if (column === source) return { ...source, itemIds: source.itemIds.filter((id) => id !== taskId) };
      return column === target ? { ...target, itemIds: targetIds } : column;
    }),
  });
  return isFinishedColumn(target) && !isFinishedColumn(source) ? completeTask(moved, taskId, now) : moved;
}

/**
 * A drag ended. Dropped on a column: the task goes to the end of it (also within its own column). Dropped on a
 * task of another column: it takes that task's place, the rest moving down. Dropped on a task of its own column:
 * dnd-kit's sortable order, arrayMove(from, to): dragged down it lands just after that task, dragged up just
 * before it. Dropped on itself, outside, on an unknown column or task, or where it already is: nothing changes.
 */
export const moveTask = defineCommand<MoveTaskInput>('moveTask', (data, { taskId, over }, now) => {
  const board = data.kanbanBoard;
  const source = hasTask(board, taskId) ? findColumnOfTask(board, taskId) : undefined;
  if (!source || over === null) return data;
  if (over.type === 'column') {
    const target = findColumn(board, over.columnId);
    if (!target) return data;
    return placeTask(data, taskId, source, target, source === target ? target.itemIds.length - 1 : target.itemIds.length, now);
  }
  if (over.taskId === taskId) return data;
  const target = findColumnOfTask(board, over.taskId);
  if (!target) return data;
  return placeTask(data, taskId, source, target, target.itemIds.indexOf(over.taskId), now);
});

/**
 * The card's 'Move to…' menu: the task goes to the end of the chosen column, completing it as a drag would.
 * Its own column, or an unknown one: nothing changes.
 */
export const moveTaskToColumn = defineCommand<{ readonly taskId: string; readonly columnId: string }>(
  'moveTaskToColumn',
  (data, { taskId, columnId }, now) => {
    const board = data.kanbanBoard;
    const source = hasTask(board, taskId) ? findColumnOfTask(board, taskId) : undefined;
    const target = findColumn(board, columnId);
    if (!source || !target || source === target) return data;
    return placeTask(data, taskId, source, target, target.itemIds.length, now);
  },
);

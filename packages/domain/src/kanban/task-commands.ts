import { isFinishedColumn } from '../workspace/column-roles.ts';
import { defineCommand } from '../workspace/command.ts';
import type { GardenEntry, KanbanItem, Priority } from '../workspace/model.ts';
import { withOptional } from '../workspace/optional-field.ts';
import { deepEqual } from '../workspace/undo-patch.ts';
import { findColumn, getTask, hasTask, removeTasks, withBoard, withColumnItemIds } from './board-edit.ts';
import { defaultTaskColumn } from './selectors.ts';
import { DEFAULT_PRIORITY, isBlankTitle, isPriority, normaliseDueDate, normaliseTags, priorityOf } from './task-fields.ts';

// The task commands of the board (docs/product.md, Kanban board). Ids come in the input, made when the user acts
// (generateId('item')), so a replay on another tab's newer data makes the same task.

export interface CreateTaskInput {
  /** The new task's id, and its tree's. */
  readonly id: string;
  /** The column whose own Add Task was used; missing (or since deleted): the to-do column, else the first. */
  readonly columnId?: string;
  /** The title; blank after trimming creates nothing (the screen shows the error toast first). */
  readonly content: string;
  readonly description?: string;
  /** Missing means medium. */
  readonly priority?: Priority;
  /** As parsed by parseTags; trimmed again here, empties and repeats dropped. */
  readonly tags?: readonly string[];
  /** 'YYYY-MM-DD'; empty or missing: no due date. */
  readonly dueDate?: string | null;
}

/**
 * Puts the task at the top of its column and plants its tree (stage 0, healthy). Creating a task scores nothing,
 * even in the finished column: only a move completes a task. Nothing changes for a blank title, an id already
 * used by a task or a tree, or a board without columns (the load re-seeds only an entirely empty board, and a
 * task must sit in exactly one column, so there is nowhere to put it; the screen offers Add Column then).
 */
export const createTask = defineCommand<CreateTaskInput>('createTask', (data, input, now) => {
  const board = data.kanbanBoard;
  if (isBlankTitle(input.content) || input.id === '' || hasTask(board, input.id)) return data;
  if (data.garden.some((entry) => entry.id === input.id)) return data;
  const column = (input.columnId === undefined ? undefined : findColumn(board, input.columnId)) ?? defaultTaskColumn(board.columns);
  if (!column) return data;
  const dueDate = normaliseDueDate(input.dueDate);
  const task: KanbanItem = {
    id: input.id,
    content: input.content.trim(),
    description: input.description ?? '',
    priority: isPriority(input.priority) ? input.priority : DEFAULT_PRIORITY,
    tags: normaliseTags(input.tags ?? []),
    ...(dueDate === undefined ? {} : { dueDate }),
  };
  const tree: GardenEntry = {
    id: input.id, sourceId: input.id, sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: now.toISOString(),
  };
  return {
    ...withBoard(data, {
      columns: withColumnItemIds(board.columns, column.id, [input.id, ...column.itemIds]),
      items: { ...board.items, [input.id]: task },
    }),
    garden: [...data.garden, tree],
  };
});

export interface UpdateTaskInput {
  readonly id: string;
  /** Missing: unchanged. Blank after trimming: the whole edit is refused (the screen shows the error toast). */
  readonly content?: string;
  readonly description?: string;
  /** Missing: unchanged (a task without one reads, and is saved, as medium). */
  readonly priority?: Priority;
  readonly tags?: readonly string[];
  /** Missing: unchanged; empty or null: the due date is removed. */
  readonly dueDate?: string | null;
}

/** The task modal's save: only the fields given change; the task's other fields, known or not, are kept. */
export const updateTask = defineCommand<UpdateTaskInput>('updateTask', (data, input) => {
  const task = getTask(data.kanbanBoard, input.id);
  if (!task) return data;
  if (input.content !== undefined && isBlankTitle(input.content)) return data;
  const edited: KanbanItem = {
    ...task,
    ...(input.content === undefined ? {} : { content: input.content.trim() }),
    ...(input.description === undefined ? {} : { description: input.description }),
    priority: isPriority(input.priority) ? input.priority : priorityOf(task),
    ...(input.tags === undefined ? {} : { tags: normaliseTags(input.tags) }),
  };
  const next = input.dueDate === undefined ? edited : withOptional(edited, 'dueDate', normaliseDueDate(input.dueDate));
  if (deepEqual(next, task)) return data;
  return withBoard(data, { items: { ...data.kanbanBoard.items, [task.id]: next } });
});

/** After a confirm: the task leaves its column and the board, and its tree goes with it. */
export const deleteTask = defineCommand<{ readonly id: string }>(
  'deleteTask',
  (data, { id }) => removeTasks(data, [id], { keepTrees: false }),
  { destructive: true },
);

/**
 * Clear Completed, offered only on the finished column: after a confirm its tasks are removed and their trees
 * stay as the record of finished work (docs/product.md, Kanban board). Any other column: nothing changes.
 */
export const clearCompleted = defineCommand<{ readonly columnId: string }>('clearCompleted', (data, { columnId }) => {
  const column = findColumn(data.kanbanBoard, columnId);
  if (!column || !isFinishedColumn(column)) return data;
  return removeTasks(data, column.itemIds, { keepTrees: true });
}, { destructive: true });

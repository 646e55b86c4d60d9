import type { KanbanColumn } from './model.ts';

// Two columns have a role, found by title (docs/product.md, Kanban board): new and unplaced tasks go to the
// to-do column, a move into the finished column completes the task. Titles are matched trimmed and
// case-insensitively. A fact of the model: loading (normalise-board.ts) places unlisted tasks by it, and the
// board, garden, dashboard and calendar rules read it.

export const TO_DO_TITLE = 'to-do';
export const FINISHED_TITLE = 'finished';

/** The title as the roles (and the board's column colours) compare it. */
export const columnTitleKey = (column: Pick<KanbanColumn, 'title'>): string => column.title.trim().toLowerCase();

export const isToDoColumn = (column: Pick<KanbanColumn, 'title'>): boolean => columnTitleKey(column) === TO_DO_TITLE;

/** A move into such a column completes the task (docs/product.md, Kanban board); Clear Completed is offered there. */
export const isFinishedColumn = (column: Pick<KanbanColumn, 'title'>): boolean => columnTitleKey(column) === FINISHED_TITLE;

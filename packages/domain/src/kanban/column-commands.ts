import { defineCommand } from '../workspace/command.ts';
import { arrayMove, findColumn, removeTasks, withBoard } from './board-edit.ts';

// The column commands of the board (docs/product.md, Kanban board). A new column's id comes in the input
// (generateId('column')), so a replay on another tab's newer data makes the same column.

/** 'Column N', N = the number of columns + 1, at the end. An id already used by a column changes nothing. */
export const addColumn = defineCommand<{ readonly id: string }>('addColumn', (data, { id }) => {
  const { columns } = data.kanbanBoard;
  if (id === '' || findColumn(data.kanbanBoard, id)) return data;
  return withBoard(data, { columns: [...columns, { id, title: `Column ${columns.length + 1}`, itemIds: [] }] });
});

/** The inline title edit: stored trimmed; a blank title keeps the old one. */
export const renameColumn = defineCommand<{ readonly id: string; readonly title: string }>('renameColumn', (data, { id, title }) => {
  const column = findColumn(data.kanbanBoard, id);
  const trimmed = title.trim();
  if (!column || trimmed === '' || trimmed === column.title) return data;
  return withBoard(data, { columns: data.kanbanBoard.columns.map((entry) => (entry === column ? { ...column, title: trimmed } : entry)) });
});

/** After a confirm: the column goes, with its tasks and their trees (deleting a task removes its tree). */
export const deleteColumn = defineCommand<{ readonly id: string }>('deleteColumn', (data, { id }) => {
  const column = findColumn(data.kanbanBoard, id);
  if (!column) return data;
  const withoutTasks = removeTasks(data, column.itemIds, { keepTrees: false });
  return withBoard(withoutTasks, { columns: withoutTasks.kanbanBoard.columns.filter((entry) => entry.id !== id) });
}, { destructive: true });

/**
 * A column dragged to `toIndex` (its index once dropped, as dnd-kit's arrayMove gives it); an index past
 * either end is taken as that end, a fraction rounded down.
 */
export const moveColumn = defineCommand<{ readonly id: string; readonly toIndex: number }>('moveColumn', (data, { id, toIndex }) => {
  const { columns } = data.kanbanBoard;
  const from = columns.findIndex((column) => column.id === id);
  if (from === -1 || Number.isNaN(toIndex)) return data;
  const to = Math.min(Math.max(Math.floor(toIndex), 0), columns.length - 1);
  return to === from ? data : withBoard(data, { columns: arrayMove(columns, from, to) });
});

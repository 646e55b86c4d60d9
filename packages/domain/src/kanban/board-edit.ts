import type { GardenEntry, KanbanBoard, KanbanColumn, KanbanItem, StudioData } from '../workspace/model.ts';

// Small edits shared by the kanban commands. Each replaces only the objects it changes and spreads the rest, so
// an undo patch (workspace/undo-patch.ts) names just the changed places and fields this version does not know
// are kept (docs/decisions/040-named-commands-and-undo-by-patch.md).

export function hasTask(board: KanbanBoard, taskId: string): boolean {
  // An own key only: a task id such as 'constructor' must not find Object.prototype's.
  return Object.hasOwn(board.items, taskId);
}

export function getTask(board: KanbanBoard, taskId: string): KanbanItem | undefined {
  return hasTask(board, taskId) ? board.items[taskId] : undefined;
}

export function findColumn(board: KanbanBoard, columnId: string): KanbanColumn | undefined {
  return board.columns.find((column) => column.id === columnId);
}

export function findColumnOfTask(board: KanbanBoard, taskId: string): KanbanColumn | undefined {
  return board.columns.find((column) => column.itemIds.includes(taskId));
}

export function withBoard(data: StudioData, board: Partial<KanbanBoard>): StudioData {
  return { ...data, kanbanBoard: { ...data.kanbanBoard, ...board } };
}

/** The columns with `columnId`'s task ids replaced. */
export function withColumnItemIds(columns: readonly KanbanColumn[], columnId: string, itemIds: string[]): KanbanColumn[] {
  return columns.map((column) => (column.id === columnId ? { ...column, itemIds } : column));
}

/** The tree a task planted (docs/product.md, Garden: one tree per task, its id the task's). */
export function isTreeOfTask(entry: GardenEntry, taskId: string): boolean {
  return entry.sourceType === 'task' && entry.sourceId === taskId;
}

/**
 * The tasks removed from the items and from every column; their trees too unless `keepTrees` (Clear Completed
 * keeps them as the record of finished work, docs/product.md, Kanban board). Only ids that are tasks count.
 */
export function removeTasks(data: StudioData, taskIds: readonly string[], options: { keepTrees: boolean }): StudioData {
  const board = data.kanbanBoard;
  const removing = new Set(taskIds.filter((id) => hasTask(board, id)));
  if (removing.size === 0) return data;
  const items = Object.fromEntries(Object.entries(board.items).filter(([id]) => !removing.has(id)));
  const columns = board.columns.map((column) => (
    column.itemIds.some((id) => removing.has(id)) ? { ...column, itemIds: column.itemIds.filter((id) => !removing.has(id)) } : column));
  const next = withBoard(data, { columns, items });
  if (options.keepTrees) return next;
  const isRemovedTree = (entry: GardenEntry) => entry.sourceType === 'task' && removing.has(entry.sourceId);
  return data.garden.some(isRemovedTree) ? { ...next, garden: data.garden.filter((entry) => !isRemovedTree(entry)) } : next;
}

/** `list` with the element at `from` moved to `to` (dnd-kit's arrayMove: the others shift to make room). */
export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

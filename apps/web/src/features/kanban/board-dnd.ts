import type { Active, ClientRect, CollisionDetection, DroppableContainer, Over, UniqueIdentifier } from '@dnd-kit/core';
import type { DropTarget } from '@grove/domain/kanban/move-commands';

// How the board reads a drag (docs/product.md, Kanban board): what is dragged, and what it is over. The
// domain's moveTask decides what a drop does; this only names the target.

/** What every draggable and droppable of the board carries in its dnd-kit data. */
export type BoardDragData =
  | { readonly type: 'task'; readonly taskId: string; readonly columnId: string }
  | { readonly type: 'column'; readonly columnId: string };

export const taskDndId = (taskId: string): string => `task:${taskId}`;
export const columnDndId = (columnId: string): string => `column:${columnId}`;

export function dragDataOf(item: Pick<Active | Over | DroppableContainer, 'data'> | null | undefined): BoardDragData | null {
  const data = item?.data.current as Partial<BoardDragData> | undefined;
  return data?.type === 'task' || data?.type === 'column' ? (data as BoardDragData) : null;
}

/** The domain's drop target for where a task was let go (null: outside every column). */
export function toDropTarget(over: BoardDragData | null): DropTarget | null {
  if (!over) return null;
  return over.type === 'task' ? { type: 'task', taskId: over.taskId } : { type: 'column', columnId: over.columnId };
}

interface Point { x: number; y: number }

const centre = (rect: ClientRect): Point => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/**
 * Where a drag is: the pointer, or for the keyboard (no pointer) the middle of the dragged card. A column is hit
 * when the point is within its width (above or below it counts, so a short column still takes a drop).
 * Dragging a column: that column. Dragging a task within its own column: the card nearest to the point (the
 * sortable order makes room around it). Into another column: the first card whose middle is below the point
 * (the task takes its place), or the column itself (append) below the middle of its last card or when it shows
 * none.
 */
export const boardCollision: CollisionDetection = ({ active, collisionRect, droppableRects, droppableContainers, pointerCoordinates }) => {
  const point = pointerCoordinates ?? centre(collisionRect);
  const rectOf = (id: UniqueIdentifier) => droppableRects.get(id);
  const column = droppableContainers.find((container) => {
    const rect = rectOf(container.id);
    return dragDataOf(container)?.type === 'column' && rect !== undefined && point.x >= rect.left && point.x <= rect.right;
  });
  if (!column) return [];
  const activeData = dragDataOf(active);
  const columnData = dragDataOf(column);
  if (activeData?.type !== 'task' || columnData === null) return [{ id: column.id, data: { droppableContainer: column, value: 0 } }];
  const ownColumn = activeData.columnId === columnData.columnId;
  let nearest: { container: DroppableContainer; distance: number } | null = null;
  let lowestBottom = Number.NEGATIVE_INFINITY;
  let firstBelow: { container: DroppableContainer; middle: number } | null = null;
  for (const container of droppableContainers) {
    const data = dragDataOf(container);
    const rect = rectOf(container.id);
    if (data?.type !== 'task' || data.columnId !== columnData.columnId || !rect) continue;
    const middle = centre(rect).y;
    lowestBottom = Math.max(lowestBottom, rect.bottom);
    const distance = Math.abs(middle - point.y);
    if (!nearest || distance < nearest.distance) nearest = { container, distance };
    if (middle > point.y && (!firstBelow || middle < firstBelow.middle)) firstBelow = { container, middle };
  }
  let hit: DroppableContainer = column;
  if (ownColumn) hit = nearest && point.y <= lowestBottom ? nearest.container : column;
  else if (firstBelow) hit = firstBelow.container;
  return [{ id: hit.id, data: { droppableContainer: hit, value: 0 } }];
};

import type { Active, ClientRect, DroppableContainer, UniqueIdentifier } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { boardCollision, columnDndId, taskDndId, toDropTarget, type BoardDragData } from './board-dnd.ts';

// Two columns 350px wide, 16px apart; column 'a' holds tasks a1 (y 60-140) and a2 (y 150-230); column 'b' is empty,
// column 'c' holds c1 (y 60-140) and c2 (y 150-230).

const rect = (left: number, top: number, width: number, height: number): ClientRect =>
  ({ left, top, width, height, right: left + width, bottom: top + height });

const container = (id: string, data: BoardDragData, area: ClientRect): [DroppableContainer, ClientRect] => [
  { id, key: id, data: { current: data }, disabled: false, node: { current: null }, rect: { current: area } },
  area,
];

const layout = [
  container(columnDndId('a'), { type: 'column', columnId: 'a' }, rect(0, 0, 350, 600)),
  container(columnDndId('b'), { type: 'column', columnId: 'b' }, rect(366, 0, 350, 600)),
  container(columnDndId('c'), { type: 'column', columnId: 'c' }, rect(732, 0, 350, 600)),
  container(taskDndId('c1'), { type: 'task', taskId: 'c1', columnId: 'c' }, rect(744, 60, 326, 80)),
  container(taskDndId('c2'), { type: 'task', taskId: 'c2', columnId: 'c' }, rect(744, 150, 326, 80)),
  container(taskDndId('a1'), { type: 'task', taskId: 'a1', columnId: 'a' }, rect(12, 60, 326, 80)),
  container(taskDndId('a2'), { type: 'task', taskId: 'a2', columnId: 'a' }, rect(12, 150, 326, 80)),
];

function hit(active: BoardDragData, at: { x: number; y: number } | null, dragged = rect(12, 60, 326, 80)): UniqueIdentifier | null {
  const result = boardCollision({
    active: { id: active.type === 'task' ? taskDndId(active.taskId) : columnDndId(active.columnId), data: { current: active } } as unknown as Active,
    collisionRect: dragged,
    droppableRects: new Map(layout.map(([entry, area]) => [entry.id, area])),
    droppableContainers: layout.map(([entry]) => entry),
    pointerCoordinates: at,
  });
  return result[0]?.id ?? null;
}

const dragA2: BoardDragData = { type: 'task', taskId: 'a2', columnId: 'a' };

describe('boardCollision', () => {
  it('into another column: the first card whose middle is below the pointer, else the column (append)', () => {
    expect(hit(dragA2, { x: 800, y: 20 })).toBe(taskDndId('c1'));
    expect(hit(dragA2, { x: 800, y: 90 })).toBe(taskDndId('c1'));
    expect(hit(dragA2, { x: 800, y: 120 })).toBe(taskDndId('c2'));
    expect(hit(dragA2, { x: 800, y: 200 })).toBe(columnDndId('c'));
  });

  it('within its own column: the card nearest to the pointer', () => {
    expect(hit(dragA2, { x: 100, y: 70 })).toBe(taskDndId('a1'));
    expect(hit(dragA2, { x: 100, y: 200 })).toBe(taskDndId('a2'));
  });

  it('takes the column (append) below its last card and in a column without cards', () => {
    expect(hit(dragA2, { x: 100, y: 400 })).toBe(columnDndId('a'));
    expect(hit(dragA2, { x: 500, y: 70 })).toBe(columnDndId('b'));
  });

  it('finds nothing between or beyond the columns: a drop there does nothing', () => {
    expect(hit(dragA2, { x: 358, y: 70 })).toBeNull();
    expect(hit(dragA2, { x: 1200, y: 70 })).toBeNull();
  });

  it('uses the middle of the dragged card when there is no pointer (keyboard drag)', () => {
    expect(hit(dragA2, null, rect(366 + 12, 60, 326, 80))).toBe(columnDndId('b'));
    expect(hit(dragA2, null, rect(12, 150, 326, 80))).toBe(taskDndId('a2'));
  });

  it('a dragged column only ever hits columns', () => {
    expect(hit({ type: 'column', columnId: 'a' }, { x: 100, y: 70 })).toBe(columnDndId('a'));
    expect(hit({ type: 'column', columnId: 'a' }, { x: 400, y: 70 })).toBe(columnDndId('b'));
  });
});

describe('toDropTarget', () => {
  it('names the task or column dropped on, and nothing for outside', () => {
    expect(toDropTarget({ type: 'task', taskId: 't', columnId: 'c' })).toEqual({ type: 'task', taskId: 't' });
    expect(toDropTarget({ type: 'column', columnId: 'c' })).toEqual({ type: 'column', columnId: 'c' });
    expect(toDropTarget(null)).toBeNull();
  });
});

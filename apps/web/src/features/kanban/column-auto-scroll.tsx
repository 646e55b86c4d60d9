import { useDndContext, useDndMonitor, type Active } from '@dnd-kit/core';
import { getEventCoordinates, isKeyboardEvent } from '@dnd-kit/utilities';
import { useEffect, useState } from 'react';
import { dragDataOf, taskDndId } from './board-dnd.ts';

/** The attribute of a column's card list (kanban-column.tsx): the lists this scrolls, and dnd-kit's auto-scroll does not. */
export const CARD_LIST_ATTRIBUTE = 'data-card-list';

/** How close to a list's top or bottom edge the pointer starts scrolling it (a third of a shorter list). */
export const EDGE_BAND = 56;
/** Pixels a second: half of it at the edge itself, all of it EDGE_BAND past the edge. */
export const MAX_SPEED = 1500;
/** A frame that came late (a busy machine) scrolls no further than this many milliseconds would. */
const LONGEST_FRAME = 100;

/**
 * How fast a list from `top` to `bottom` scrolls with the pointer at `y`: negative up, positive down, 0 away from
 * the edges. It grows as the pointer nears an edge and goes on growing past it, so a person steers the speed.
 */
export function edgeScrollSpeed(y: number, top: number, bottom: number): number {
  const band = Math.min(EDGE_BAND, (bottom - top) / 3);
  const speed = (depth: number) => MAX_SPEED * Math.min(1, depth / (band + EDGE_BAND));
  if (y < top + band) return -speed(top + band - y);
  if (y > bottom - band) return speed(y - (bottom - band));
  return 0;
}

/** The card list whose column is under the pointer's x (above or below the list counts, as for a drop). */
function listAt(x: number): HTMLElement | null {
  for (const list of document.querySelectorAll<HTMLElement>(`[${CARD_LIST_ATTRIBUTE}]`)) {
    const { left, right } = list.getBoundingClientRect();
    if (x >= left && x <= right) return list;
  }
  return null;
}

/** The dnd-kit ids of the cards a list draws. */
const cardIdsIn = (list: HTMLElement): string[] =>
  Array.from(list.querySelectorAll<HTMLElement>('[data-task-id]'), (card) => taskDndId(card.dataset.taskId ?? ''));

/** Where a card's drag by mouse or finger began; null for a keyboard drag or a column's. */
const pointerStart = (active: Active, event: Event) =>
  (!isKeyboardEvent(event) && dragDataOf(active)?.type === 'task' ? getEventCoordinates(event) : null);

/**
 * While a card is dragged with the mouse or a finger, scrolls the card list of the column under the pointer
 * when the pointer is near or past its top or bottom edge, and has dnd-kit measure the cards again after each
 * step, so what the card is over (and where it drops) follows the list. dnd-kit's own auto-scroll only scrolls
 * around the card or column the drag is over, and a column's list is not around the column: it stopped short
 * of a long column's end. A keyboard drag scrolls by its own steps (dnd-kit's keyboard sensor).
 */
export function ColumnAutoScroll() {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- a function of dnd-kit's (a useCallback), no `this` in it
  const { measureDroppableContainers } = useDndContext();
  const [start, setStart] = useState<{ x: number; y: number } | null>(null);
  useDndMonitor({
    onDragStart: ({ active, activatorEvent }) => setStart(pointerStart(active, activatorEvent)),
    onDragEnd: () => setStart(null),
    onDragCancel: () => setStart(null),
  });

  useEffect(() => {
    if (!start) return undefined;
    let pointer = start;
    let last = performance.now();
    let frame = 0;
    const track = (event: MouseEvent | TouchEvent) => {
      pointer = getEventCoordinates(event) ?? pointer;
    };
    const step = (now: number) => {
      const elapsed = Math.max(0, Math.min(now - last, LONGEST_FRAME));
      last = now;
      const list = listAt(pointer.x);
      if (list) {
        const { top, bottom } = list.getBoundingClientRect();
        const speed = edgeScrollSpeed(pointer.y, top, bottom);
        const before = list.scrollTop;
        // At least a pixel a frame: a fraction of one may be rounded away and the list would never move.
        if (speed !== 0) list.scrollTop += Math.sign(speed) * Math.ceil((Math.abs(speed) * elapsed) / 1000);
        // The cards of this list only: nothing else moved.
        if (list.scrollTop !== before) measureDroppableContainers(cardIdsIn(list));
      }
      frame = requestAnimationFrame(step);
    };
    window.addEventListener('mousemove', track);
    window.addEventListener('touchmove', track, { passive: true });
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('mousemove', track);
      window.removeEventListener('touchmove', track);
    };
  }, [start, measureDroppableContainers]);

  return null;
}

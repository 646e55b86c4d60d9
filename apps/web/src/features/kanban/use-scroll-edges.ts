import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';

export interface ScrollEdges {
  /** Content is hidden before the start (scrolled away from the top or left). */
  before: boolean;
  /** Content is hidden past the end (more to the right or below). */
  after: boolean;
}

const NONE: ScrollEdges = { before: false, after: false };
/** Sub-pixel scroll positions (zoom, fractional widths) never read as 'more to see'. */
const SLACK = 2;

function edgesOf(element: HTMLElement, axis: 'x' | 'y'): ScrollEdges {
  const position = axis === 'x' ? element.scrollLeft : element.scrollTop;
  const hidden = axis === 'x' ? element.scrollWidth - element.clientWidth : element.scrollHeight - element.clientHeight;
  return { before: position > SLACK, after: hidden - position > SLACK };
}

/**
 * Which ends of a scroll area hide content, so the area can fade them: with overlay scrollbars (macOS, phones)
 * a board wider than the screen or a column longer than its box gives no other sign that there is more.
 * `contentKey` is anything that changes when the content does (the number of cards shown), as adding
 * children to a box of fixed size fires no resize.
 */
export function useScrollEdges<T extends HTMLElement>(axis: 'x' | 'y', contentKey: unknown): [RefCallback<T>, ScrollEdges] {
  const [element, setElement] = useState<T | null>(null);
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  const frame = useRef(0);

  const measure = useCallback(() => {
    if (!element) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const next = edgesOf(element, axis);
      setEdges((current) => (current.before === next.before && current.after === next.after ? current : next));
    });
  }, [element, axis]);

  useEffect(() => {
    if (!element) return undefined;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      cancelAnimationFrame(frame.current);
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [element, measure]);

  useEffect(measure, [measure, contentKey]);

  return [setElement, edges];
}

/**
 * A CSS mask that fades the hidden ends of a scroll area: theme-independent (it fades the content itself, not
 * a painted gradient over it) and never in the way of a pointer. `edgeOpacity` is how much of the content shows
 * at the very edge: above 0 where a sliver of what follows is itself the sign (the next column on a phone).
 */
export function scrollFadeMask({ before, after }: ScrollEdges, axis: 'x' | 'y', size: string, edgeOpacity = 0): string | undefined {
  if (!before && !after) return undefined;
  const direction = axis === 'x' ? 'to right' : 'to bottom';
  const edge = `rgb(0 0 0 / ${edgeOpacity})`;
  const start = before ? `${edge}, #000 ${size}` : '#000';
  const end = after ? `#000 calc(100% - ${size}), ${edge}` : '#000';
  return `linear-gradient(${direction}, ${start}, ${end})`;
}

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/components/ui/cn.ts';

// A non-modal dialog placed over an element, for the calendar's day list. Written here rather than with Radix
// Popover: Popover brings Radix's focus scope and scroll lock (about 10 KB gzip with the date-fns chunk they
// share), which this screen's budget cannot hold, and a non-modal panel needs only what is below.

/** Kept clear of the window's edges. */
const EDGE = 12;
/** How far the panel reaches out over its anchor's top left corner. */
const OUTSET = 6;

interface Placement {
  top: number;
  left: number;
  maxHeight: number;
}

/**
 * Over the anchor, from its top left corner (as a calendar's day card opens over its day), moved left or up as
 * far as it must to stay in the window; taller than the window, it scrolls.
 */
export function place(anchor: DOMRect, panel: { width: number; height: number }, view: { width: number; height: number }): Placement {
  const maxHeight = Math.max(view.height - 2 * EDGE, 0);
  const height = Math.min(panel.height, maxHeight);
  return {
    top: Math.max(EDGE, Math.min(anchor.top - OUTSET, view.height - height - EDGE)),
    left: Math.max(EDGE, Math.min(anchor.left - OUTSET, view.width - panel.width - EDGE)),
    maxHeight,
  };
}

interface AnchoredDialogProps {
  anchor: HTMLElement;
  labelledBy: string;
  /** `returnFocus` is true for Escape; a click or focus elsewhere closes it where the user went. */
  onClose: (returnFocus: boolean) => void;
  className?: string;
  children: ReactNode;
}

/**
 * Focus moves into the panel when it opens (to the panel itself, so its title is read first); Escape closes it,
 * as do a press outside it and focus leaving it. It follows its anchor on scroll and resize.
 */
export function AnchoredDialog({ anchor, labelledBy, onClose, className, children }: AnchoredDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const update = () => {
      const panel = panelRef.current;
      if (!panel) return;
      setPlacement(place(
        anchor.getBoundingClientRect(),
        { width: panel.offsetWidth, height: panel.scrollHeight },
        { width: document.documentElement.clientWidth, height: window.innerHeight },
      ));
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [anchor]);

  // Focus goes in once the panel is placed: until then it is hidden, and a hidden element takes no focus.
  const placed = placement !== null;
  useEffect(() => {
    if (placed) panelRef.current?.focus({ preventScroll: true });
  }, [placed]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    closeRef.current(true);
  };

  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) closeRef.current(false);
      }}
      style={placement ? { top: placement.top, left: placement.left, maxHeight: placement.maxHeight } : { top: 0, left: 0, visibility: 'hidden' }}
      className={cn(
        'fixed z-50 overflow-y-auto overscroll-contain rounded-xl border border-border bg-surface-raised shadow-card outline-none',
        'max-w-[calc(100vw-1.5rem)]',
        className,
      )}
    >
      {children}
    </div>,
    document.body,
  );
}

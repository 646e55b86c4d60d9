import type { GardenTree as Tree } from '@grove/domain/garden/garden-selectors';
import type { GardenStatus } from '@grove/domain/workspace/model';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { memo, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { TreePicture } from './tree-pictures.tsx';

// One tree of the garden (docs/product.md, Garden). Focusable, so the tooltip (source title, then
// '{stage} - {status}') opens on keyboard focus as on hover; its aria-label says the same. A touch screen has no
// hover: there a tap or a long press opens it (Radix tooltips ignore touch) and a tap elsewhere closes it.

const LEAVES: Record<GardenStatus, string> = {
  healthy: 'text-emerald-600 dark:text-emerald-400',
  // Wilting: autumn-coloured leaves and a droop, readable at a glance without the tooltip.
  wilting: 'text-amber-500 dark:text-amber-400 -rotate-6',
  // Dead: a bare shape (TreePicture), grayscale as the product asks, a little faded.
  dead: 'text-stone-500 grayscale opacity-80',
};

export interface TreeStand {
  /** Left edge to the foot, 0..1 of the scene's width. */
  x: number;
  /** The foot's height from the scene's top, 0..1 of its height. */
  y: number;
  /** The tree's height in px. */
  height: number;
  /** Drawn over trees further back. */
  layer: number;
}

export const GardenTree = memo(function GardenTree({ tree, index, stand }: { tree: Tree; index: number; stand: TreeStand }) {
  const { t } = useTranslation();
  const title = tree.sourceTitle ?? t('garden.tree.notFound');
  const state = t('garden.tree.state', { stage: t(`garden.stage.${tree.stage}`), status: t(`garden.status.${tree.status}`) });
  const [open, setOpen] = useState(false);
  const touch = useRef(false);
  // Opened by a tap or by keyboard focus, the tooltip is closed by what handles it here and nothing else: a tap
  // elsewhere or Escape, and for focus also the focus leaving. Radix also closes a tooltip when the page scrolls,
  // and the scroll that brings the tree into view sends its event a frame later: for a tap, when the page was still
  // settling (an e2e run, twice), for focus, whenever the tree was partly out of view. It closed what had just
  // opened. The tooltip follows its tree as the page scrolls.
  const pinned = useRef<'tap' | 'focus' | null>(null);
  const trigger = useRef<HTMLDivElement>(null);
  const openByTap = () => {
    pinned.current = 'tap';
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    if (!next && pinned.current) return;
    setOpen(next);
  };
  const close = () => {
    pinned.current = null;
    setOpen(false);
  };
  useEffect(() => {
    if (!open || !pinned.current) return undefined;
    const onPointerDownAnywhere = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Node && trigger.current?.contains(event.target))) close();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDownAnywhere, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDownAnywhere, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  // Radix opens it on a focus that no pointer made (runs after this handler); the keyboard's focus pins it.
  const onFocus = (event: FocusEvent) => {
    if (!pinned.current && event.currentTarget.matches(':focus-visible')) pinned.current = 'focus';
  };
  const onBlur = () => {
    if (pinned.current === 'focus') close();
  };
  const onPointerDown = (event: PointerEvent) => {
    touch.current = event.pointerType === 'touch';
  };
  // The finger lifted is what opens it: the click a browser makes of a tap may not come (a press held long, a busy
  // page), and a long press is as good a way to ask.
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType === 'touch') openByTap();
  };
  const onClick = (event: MouseEvent) => {
    if (!touch.current) return;
    // Radix would close it on click; a tap is the only way to open it here.
    event.preventDefault();
    openByTap();
  };
  return (
    <li
      className="absolute motion-safe:transition-[opacity,translate,scale] motion-safe:duration-700 motion-safe:ease-out motion-safe:starting:translate-y-3 motion-safe:starting:scale-90 motion-safe:starting:opacity-0"
      style={{
        left: `${stand.x * 100}%`,
        top: `${stand.y * 100}%`,
        height: stand.height,
        width: (stand.height * 2) / 3,
        zIndex: stand.layer,
        // The foot stands on its point of the ground.
        transform: 'translate(-50%, -100%)',
        // Trees come up one after another, 0.1 s apart (docs/product.md, Garden).
        transitionDelay: `${index * 0.1}s`,
      }}
    >
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>
          <div
            ref={trigger}
            role="img"
            tabIndex={0}
            aria-label={t('garden.tree.label', { title, state })}
            data-status={tree.status}
            data-stage={tree.stage}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onClick={onClick}
            onFocus={onFocus}
            onBlur={onBlur}
            className="group block h-full w-full cursor-default rounded-lg outline-offset-2"
          >
            {/* Sways from its foot, each tree at its own moment; still under reduced motion. */}
            <span className="block h-full w-full origin-bottom motion-safe:animate-garden-sway" style={{ animationDelay: `${-((index * 1.7) % 7)}s` }}>
              {/* A new stage grows in (the picture is drawn anew when the stage changes). */}
              <span key={`${tree.stage}-${tree.status}`} className="block h-full w-full origin-bottom motion-safe:transition-[scale] motion-safe:duration-700 motion-safe:starting:scale-75">
                <span className={cn('block h-full w-full origin-bottom transition-transform duration-300 group-hover:scale-110 group-focus-visible:scale-110', LEAVES[tree.status])}>
                  <TreePicture stage={tree.stage} dead={tree.status === 'dead'} />
                </span>
              </span>
            </span>
          </div>
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side="top"
            sideOffset={6}
            className="z-50 max-w-64 rounded-md bg-foreground px-3 py-2 text-xs text-background shadow-card"
          >
            <p className="font-semibold break-words">{title}</p>
            <p className="mt-0.5 opacity-80">{state}</p>
            <RadixTooltip.Arrow className="fill-foreground" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </li>
  );
});

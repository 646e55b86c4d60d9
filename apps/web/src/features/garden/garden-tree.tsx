import type { GardenTree as Tree } from '@grove/domain/garden/garden-selectors';
import type { GardenStatus } from '@grove/domain/workspace/model';
import { Tooltip as RadixTooltip } from 'radix-ui';
import { memo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn.ts';
import { TreePicture } from './tree-pictures.tsx';

// One tree of the garden (docs/product.md, Garden). Focusable, so the tooltip (source title, then
// '{stage} - {status}') opens on keyboard focus as on hover; its aria-label says the same. A touch screen has no
// hover: there a tap opens it (Radix tooltips ignore touch) and a tap elsewhere closes it.

const LEAVES: Record<GardenStatus, string> = {
  healthy: 'text-emerald-600 dark:text-emerald-400',
  wilting: 'text-yellow-600 dark:text-yellow-500 -rotate-6',
  // Grayscale, as the product asks; a little faded so it reads as gone in both themes.
  dead: 'text-emerald-600 dark:text-emerald-400 grayscale opacity-70',
};

export const GardenTree = memo(function GardenTree({ tree, index }: { tree: Tree; index: number }) {
  const { t } = useTranslation();
  const title = tree.sourceTitle ?? t('garden.tree.notFound');
  const state = t('garden.tree.state', { stage: t(`garden.stage.${tree.stage}`), status: t(`garden.status.${tree.status}`) });
  const [open, setOpen] = useState(false);
  const touch = useRef(false);
  const onPointerDown = (event: PointerEvent) => {
    touch.current = event.pointerType === 'touch';
  };
  const onClick = (event: MouseEvent) => {
    if (!touch.current) return;
    // Radix would close it on click; a tap is the only way to open it here.
    event.preventDefault();
    setOpen(true);
  };
  return (
    <li
      className="motion-safe:transition-[opacity,translate,scale] motion-safe:duration-700 motion-safe:ease-out motion-safe:starting:translate-y-3 motion-safe:starting:scale-90 motion-safe:starting:opacity-0"
      // Trees come up one after another, 0.1 s apart (docs/product.md, Garden).
      style={{ transitionDelay: `${index * 0.1}s` }}
    >
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild>
          <div
            role="img"
            tabIndex={0}
            aria-label={t('garden.tree.label', { title, state })}
            data-status={tree.status}
            data-stage={tree.stage}
            onPointerDown={onPointerDown}
            onClick={onClick}
            className="group flex h-28 w-full sm:h-32 cursor-default items-end justify-center rounded-lg px-1 pt-1 outline-offset-2 transition-colors hover:bg-primary/5"
          >
            <span className={cn('block h-full w-full origin-bottom transition-transform duration-300 group-hover:scale-105', LEAVES[tree.status])}>
              <TreePicture stage={tree.stage} />
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

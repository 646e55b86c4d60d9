import type { CalendarItem } from '@grove/domain/calendar/calendar-items';
import { Circle, CircleCheck, FolderKanban } from 'lucide-react';
import { memo, useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { itemHref } from './item-links.ts';
import { itemLabel, itemMeta } from './item-text.ts';

// The two styles of docs/product.md, Calendar: a project is a filled block with a folder icon, a task an outlined
// line with a round check icon, so the kind shows by shape and fill, not by colour alone. Done items are struck
// through (a task's circle is checked).

/** itemLabel with the screen's translations. */
export function useItemLabel(): (item: CalendarItem) => string {
  const { t } = useTranslation();
  return useCallback((item: CalendarItem) => itemLabel(t, item), [t]);
}

export function KindIcon({ item, className }: { item: Pick<CalendarItem, 'kind' | 'done'>; className?: string }) {
  const Icon = item.kind === 'project' ? FolderKanban : item.done ? CircleCheck : Circle;
  return <Icon aria-hidden className={cn('shrink-0', className)} />;
}

const chipBase =
  'flex h-5 w-full min-w-0 items-center gap-1 rounded-[5px] px-1.5 text-left text-xs leading-5 transition-colors '
  + 'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export const CHIP_STYLES = {
  project: 'bg-accent font-medium text-accent-foreground hover:bg-accent/70 dark:hover:bg-accent/80',
  task: 'border border-border bg-surface text-foreground hover:bg-muted dark:bg-surface-raised',
} as const;

interface ItemChipProps {
  item: CalendarItem;
  label: string;
}

/**
 * An item inside a day cell (medium screens and up): one truncated line. Out of the tab order: the grid is one
 * tab stop, and the keyboard reaches a day's items through its list (Enter on the day).
 */
export const ItemChip = memo(function ItemChip({ item, label }: ItemChipProps) {
  return (
    <Link
      to={itemHref(item)}
      tabIndex={-1}
      aria-label={label}
      title={item.title}
      data-kind={item.kind}
      className={cn(chipBase, CHIP_STYLES[item.kind], item.done && 'opacity-75')}
    >
      <KindIcon item={item} className="h-3 w-3" />
      <span className={cn('truncate', item.done && 'line-through')}>{item.title}</span>
    </Link>
  );
});

/** A small mark per item in a phone-sized cell: a filled square for a project, a ring for a task. */
export function ItemMarker({ item }: { item: Pick<CalendarItem, 'kind' | 'done'> }) {
  return (
    <span
      aria-hidden
      data-kind={item.kind}
      className={cn(
        'inline-block h-[7px] w-[7px] shrink-0',
        item.kind === 'project' ? 'rounded-[1px] bg-primary' : 'rounded-full border border-foreground/70',
        item.done && 'opacity-50',
      )}
    />
  );
}

/** An item in a day's list (the '+N more' popover, and the list under the grid on phones). */
export function ItemRow({ item }: { item: CalendarItem }) {
  const { t } = useTranslation();
  return (
    <Link
      to={itemHref(item)}
      data-kind={item.kind}
      className={cn(
        'flex items-start gap-3 rounded-lg px-3 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        item.kind === 'project' ? 'bg-accent/60 hover:bg-accent dark:bg-accent/50' : 'border border-border hover:bg-muted',
      )}
    >
      <span
        className={cn(
          'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center',
          item.kind === 'project' ? 'rounded-md bg-primary text-primary-foreground' : 'rounded-full text-muted-foreground',
        )}
      >
        <KindIcon item={item} className={item.kind === 'project' ? 'h-3.5 w-3.5' : 'h-5 w-5'} />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block font-medium leading-snug wrap-anywhere', item.done && 'text-muted-foreground line-through')}>{item.title}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">{itemMeta(t, item)}</span>
      </span>
    </Link>
  );
}

/** The key to the two styles, beside the month heading: the line styles, or on phones the marks. */
export function Legend({ className }: { className?: string }) {
  const { t } = useTranslation();
  const kinds = [
    { kind: 'project', sample: CHIP_STYLES.project, Icon: FolderKanban },
    { kind: 'task', sample: CHIP_STYLES.task, Icon: Circle },
  ] as const;
  return (
    <ul aria-label={t('calendar.legend.label')} className={cn('flex items-center gap-3 text-xs text-muted-foreground', className)}>
      {kinds.map(({ kind, sample, Icon }) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span aria-hidden className={cn('hidden h-4 w-4 items-center justify-center rounded-[4px] md:flex', sample)}>
            <Icon className="h-2.5 w-2.5" />
          </span>
          <span className="flex md:hidden"><ItemMarker item={{ kind, done: false }} /></span>
          {t(`calendar.kind.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

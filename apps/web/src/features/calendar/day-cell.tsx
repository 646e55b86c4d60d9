import { cellItems, type CalendarItem } from '@grove/domain/calendar/calendar-items';
import type { GridDay } from '@grove/domain/calendar/month-grid';
import { memo, type MouseEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { fullDay, shortDay } from './calendar-day.ts';
import { ItemChip, ItemMarker, useItemLabel } from './calendar-item.tsx';

/** Item lines a cell has room for on medium screens and up; a busier day shows one fewer and '+N more'. */
export const CELL_CAPACITY = 3;
/** Marks a phone-sized cell draws; the count of the rest follows them. */
const NARROW_MARKERS = 3;

interface DayCellProps {
  day: GridDay;
  items: readonly CalendarItem[];
  /** The grid's one tab stop (roving tabindex); on phones also the day listed under the grid. */
  selected: boolean;
  onSelect: (day: string) => void;
  /** Opens the day's full list, placed by `anchor` (the '+N more' button or the cell). */
  onOpenDay: (day: string, anchor: HTMLElement) => void;
}

function useCellLabel(day: GridDay, count: number): string {
  const { t } = useTranslation();
  const parts = [fullDay(day.date)];
  if (day.isToday) parts.push(t('calendar.today'));
  parts.push(count === 0 ? t('calendar.cell.none') : t('calendar.cell.items', { count }));
  return parts.join(', ');
}

/**
 * One day of the month grid. Medium screens and up: the day number and up to CELL_CAPACITY item lines in the
 * two styles, then '+N more'. Phones: the number and a mark per item; the selected day's items are listed
 * under the grid (docs/product.md, Calendar).
 */
export const DayCell = memo(function DayCell({ day, items, selected, onSelect, onOpenDay }: DayCellProps) {
  const { t } = useTranslation();
  const label = useCellLabel(day, items.length);
  const itemLabel = useItemLabel();
  const { shown, more } = cellItems(items, CELL_CAPACITY);
  // A busier day gives its last mark to the '+N' count: three marks and '+10' would not fit a 360 px phone's cell.
  const marks = items.length > NARROW_MARKERS ? NARROW_MARKERS - 1 : items.length;
  const hiddenMarks = items.length - marks;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // A click on an item or on '+N more' does its own thing; anywhere else in the cell selects the day.
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    onSelect(day.date);
  };

  return (
    <div
      role="gridcell"
      tabIndex={selected ? 0 : -1}
      aria-label={label}
      aria-current={day.isToday ? 'date' : undefined}
      data-date={day.date}
      data-outside={day.inMonth ? undefined : ''}
      onClick={onClick}
      className={cn(
        'group/cell relative flex min-w-0 cursor-default flex-col gap-1 p-1 md:min-h-[6.75rem] md:p-1.5',
        'h-14 items-center md:h-auto md:items-stretch',
        'border-t border-border [&:not(:first-child)]:border-l',
        'focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        day.inMonth ? 'bg-surface' : 'bg-muted/45 dark:bg-background/60',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'flex h-6 min-w-6 items-center justify-center self-center rounded-full px-1 text-xs font-semibold tabular-nums md:self-start md:text-[0.8125rem]',
          day.inMonth ? 'text-foreground' : 'text-muted-foreground',
          // Today: a filled circle. Phones also fill the selected day (the one listed under the grid), so there
          // today is ringed until it is selected.
          day.isToday && 'md:bg-primary md:text-primary-foreground',
          day.isToday && (selected ? 'max-md:bg-primary max-md:text-primary-foreground' : 'max-md:text-primary max-md:ring-2 max-md:ring-primary'),
          !day.isToday && selected && 'max-md:bg-foreground max-md:text-background',
        )}
      >
        <span className="md:hidden">{day.dayOfMonth}</span>
        {/* The first of a month says which month it is, as wall calendars do. */}
        <span className="hidden md:inline">{day.dayOfMonth === 1 ? shortDay(day.date) : day.dayOfMonth}</span>
      </span>

      {items.length === 0 ? null : (
        <>
          <div className={cn('hidden min-w-0 flex-col gap-0.5 md:flex', !day.inMonth && 'opacity-70')}>
            {shown.map((item) => <ItemChip key={`${item.kind}:${item.id}`} item={item} label={itemLabel(item)} />)}
            {more > 0 ? (
              <button
                type="button"
                tabIndex={-1}
                aria-label={t('calendar.moreLabel', { count: more, date: fullDay(day.date) })}
                aria-haspopup="dialog"
                onClick={(event) => onOpenDay(day.date, event.currentTarget.closest<HTMLElement>('[role="gridcell"]') ?? event.currentTarget)}
                className="h-5 rounded-[5px] px-1.5 text-left text-xs font-semibold text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                {t('calendar.more', { count: more })}
              </button>
            ) : null}
          </div>
          <div aria-hidden className="flex items-center gap-0.5 md:hidden">
            {items.slice(0, marks).map((item) => <ItemMarker key={`${item.kind}:${item.id}`} item={item} />)}
            {hiddenMarks > 0 ? <span className="text-[0.625rem] leading-none font-semibold text-muted-foreground">{t('calendar.moreMarks', { count: hiddenMarks })}</span> : null}
          </div>
        </>
      )}
    </div>
  );
});

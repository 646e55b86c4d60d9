import { itemsOnDay, type CalendarIndex } from '@grove/domain/calendar/calendar-items';
import { isGridKey, moveFocusedDay } from '@grove/domain/calendar/grid-navigation';
import type { MonthGrid } from '@grove/domain/calendar/month-grid';
import { useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { isScreenKey } from '@/lib/app-commands/app-commands.ts';
import { weekdayNames } from './calendar-day.ts';
import { DayCell } from './day-cell.tsx';

/** The registry's commands that move the focused day; the key pressed says which way. */
const GRID_MOVES = ['calendar.day', 'calendar.week', 'calendar.weekEnds', 'calendar.month', 'calendar.year'] as const;

interface MonthGridViewProps {
  grid: MonthGrid;
  index: CalendarIndex;
  selectedDay: string;
  /** The id of the month heading, which names the grid. */
  labelledBy: string;
  onSelect: (day: string) => void;
  /** Enter or Space on a day, or its '+N more': show the day's items. */
  onOpenDay: (day: string, anchor: HTMLElement) => void;
}

/**
 * The month as an ARIA grid (docs/product.md, Calendar): one tab stop, the selected day (roving tabindex); arrows
 * move by a day or a week, Home and End to the week's ends, Page Up and Page Down by a month (Shift: a year),
 * into the neighbouring month when the day is there. Enter or Space lists the day's items.
 */
export function MonthGridView({ grid, index, selectedDay, labelledBy, onSelect, onOpenDay }: MonthGridViewProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  // Set by a key press: once the new day is drawn (maybe in another month), it takes focus.
  const focusPending = useRef(false);
  const weekdays = useMemo(() => weekdayNames(), []);

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${selectedDay}"]`)?.focus();
  }, [selectedDay, grid]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const day = target.dataset.date;
    if (day === undefined) return;
    // The keys are the command registry's, which the shortcut sheet lists (app-commands.ts).
    if (GRID_MOVES.some((id) => isScreenKey(id, event)) && isGridKey(event.key)) {
      event.preventDefault();
      focusPending.current = true;
      onSelect(moveFocusedDay(day, event.key, event.shiftKey));
    } else if (isScreenKey('calendar.open', event)) {
      event.preventDefault();
      onOpenDay(day, target);
    }
  };

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className="overflow-hidden rounded-xl border border-border bg-surface shadow-sm select-none"
    >
      <div role="row" className="grid grid-cols-7 bg-muted/60 dark:bg-surface-raised">
        {weekdays.map((weekday) => (
          <div
            key={weekday.full}
            role="columnheader"
            className="py-2 text-center text-[0.6875rem] font-semibold tracking-wide text-muted-foreground uppercase"
          >
            <span aria-hidden>{weekday.short}</span>
            <span className="sr-only">{weekday.full}</span>
          </div>
        ))}
      </div>
      {grid.weeks.map((week) => (
        <div key={week[0]?.date} role="row" className="grid grid-cols-7">
          {week.map((day) => (
            <DayCell
              key={day.date}
              day={day}
              items={itemsOnDay(index, day.date)}
              selected={day.date === selectedDay}
              onSelect={onSelect}
              onOpenDay={onOpenDay}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

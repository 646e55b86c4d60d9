import { countItemsInMonth, itemsOnDay, nearestItemDays, selectCalendarIndex } from '@grove/domain/calendar/calendar-items';
import { addMonthsToDay, monthGrid, monthOfDay } from '@grove/domain/calendar/month-grid';
import { Download } from 'lucide-react';
import { Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { MEDIUM_UP, useMediaQuery } from '@/lib/use-media-query.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { CalendarErrorBoundary, CalendarSkeleton, EmptyMonth } from './calendar-states.tsx';
import { DayAgenda, DayPopover } from './day-list.tsx';
import { downloadIcsFile } from './ics-export.ts';
import { MonthGridView } from './month-grid-view.tsx';
import { MonthToolbar } from './month-toolbar.tsx';
import { useSelectedDay, useToday } from './use-calendar-day.ts';

/** 'Export .ics': every dated project and task, whatever month is shown (docs/product.md, Calendar). */
function ExportButton() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const onExport = () => {
    const index = selectCalendarIndex(store.getSnapshot().data);
    if (index.items.length === 0) {
      toast.info(t('calendar.export.nothing'));
      return;
    }
    try {
      const file = downloadIcsFile(index, { now: new Date(), t, origin: window.location.origin });
      toast.success(t('calendar.export.done', { count: file.count, fileName: file.fileName }));
    } catch (error) {
      console.error('The calendar file could not be made', error);
      toast.error(t('calendar.export.failed'));
    }
  };
  return (
    <Button variant="secondary" onClick={onExport}>
      <Download aria-hidden className="h-4 w-4" />
      {t('calendar.export.button')}
    </Button>
  );
}

interface PopoverState {
  day: string;
  anchor: HTMLElement;
}

/** The month of the selected day: toolbar, the empty-month notice, the grid, and the day's items. */
function CalendarMonth({ day, today, onSelect }: { day: string; today: string; onSelect: (day: string) => void }) {
  const headingId = useId();
  const wide = useMediaQuery(MEDIUM_UP);
  const index = useWorkspaceSelector(selectCalendarIndex);
  const month = monthOfDay(day);
  const grid = useMemo(() => monthGrid(month, today), [month, today]);
  const count = countItemsInMonth(index, month);
  const [popover, setPopover] = useState<PopoverState | null>(null);

  const select = useCallback((next: string) => {
    setPopover(null);
    onSelect(next);
  }, [onSelect]);

  const openDay = useCallback((next: string, anchor: HTMLElement) => {
    if (!wide) {
      // Phones list the selected day under the grid: Enter goes to its first item.
      onSelect(next);
      document.querySelector<HTMLElement>('[data-testid="day-agenda"] a')?.focus();
      return;
    }
    setPopover({ day: next, anchor });
  }, [wide, onSelect]);

  const closePopover = (returnFocus: boolean) => {
    // Back to the day, the grid's tab stop, from which the list was opened.
    if (popover && returnFocus) popover.anchor.focus();
    setPopover(null);
  };

  return (
    <>
      <MonthToolbar
        month={month}
        headingId={headingId}
        count={count}
        onToday={() => select(today)}
        onPrevious={() => select(addMonthsToDay(day, -1))}
        onNext={() => select(addMonthsToDay(day, 1))}
      />
      {count === 0 ? <EmptyMonth month={month} nearby={nearestItemDays(index, month)} onGoTo={select} /> : null}
      <MonthGridView grid={grid} index={index} selectedDay={day} labelledBy={headingId} onSelect={select} onOpenDay={openDay} />
      <DayAgenda day={day} items={itemsOnDay(index, day)} today={today} />
      {wide && popover?.anchor.isConnected ? (
        <DayPopover day={popover.day} anchor={popover.anchor} items={itemsOnDay(index, popover.day)} today={today} onClose={closePopover} />
      ) : null}
    </>
  );
}

/** Calendar (docs/product.md, Calendar): project and task due dates on a month grid. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'calendar', path: '/calendar-view' });
  const today = useToday();
  const [day, setDay] = useSelectedDay(today);
  return (
    <>
      <ScreenHeader title={title} subtitle={description} actions={<ExportButton />} />
      {/* The workspace is in memory, so the month draws at once; the skeleton shows only while a part of it
          suspends. A month that fails to draw stays inside the calendar, with Try again. */}
      <CalendarErrorBoundary>
        <Suspense fallback={<CalendarSkeleton />}>
          <CalendarMonth day={day} today={today} onSelect={setDay} />
        </Suspense>
      </CalendarErrorBoundary>
    </>
  );
}

import type { NearbyItems } from '@grove/domain/calendar/calendar-items';
import { ArrowLeft, ArrowRight, CalendarX2, RotateCcw, TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { listDay, monthTitle } from './calendar-day.ts';

// The calendar's other states (docs/product.md, Calendar): a month with nothing due, the grid while it loads,
// and the grid failing to draw.

interface EmptyMonthProps {
  month: string;
  nearby: NearbyItems;
  onGoTo: (day: string) => void;
}

/** Above the (still usable) grid of a month with nothing due: a jump to the nearest due dates, or how to add one. */
export function EmptyMonth({ month, nearby, onGoTo }: EmptyMonthProps) {
  const { t } = useTranslation();
  const nothingAnywhere = nearby.previous === null && nearby.next === null;
  return (
    <div data-testid="empty-month" className="mb-4 flex flex-col gap-3 rounded-xl border border-dashed border-border bg-surface/60 px-4 py-3.5 sm:flex-row sm:items-center">
      <CalendarX2 aria-hidden className="h-8 w-8 shrink-0 text-muted-foreground max-sm:hidden" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('calendar.empty.title', { month: monthTitle(month) })}</p>
        <p className="text-sm text-muted-foreground">{t(nothingAnywhere ? 'calendar.empty.hintNone' : 'calendar.empty.hintElsewhere')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {nothingAnywhere ? (
          <>
            <Link to={APP_PATHS.kanban} className={buttonStyles('secondary', 'sm')}>{t('calendar.empty.openBoard')}</Link>
            <Link to={APP_PATHS.projects} className={buttonStyles('secondary', 'sm')}>{t('calendar.empty.openProjects')}</Link>
          </>
        ) : null}
        {nearby.previous === null ? null : (
          <Button variant="secondary" size="sm" onClick={() => onGoTo(nearby.previous as string)}>
            <ArrowLeft aria-hidden className="h-4 w-4" />
            {t('calendar.empty.previous', { date: listDay(nearby.previous) })}
          </Button>
        )}
        {nearby.next === null ? null : (
          <Button variant="secondary" size="sm" onClick={() => onGoTo(nearby.next as string)}>
            {t('calendar.empty.next', { date: listDay(nearby.next) })}
            <ArrowRight aria-hidden className="h-4 w-4" />
          </Button>
        )}
      </div>
    </div>
  );
}

/** The grid's shape while its part of the screen loads: a month of quiet cells, announced once. */
export function CalendarSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="calendar-loading">
      <span className="sr-only">{t('calendar.loading')}</span>
      <div aria-hidden className="mb-4 flex items-center gap-3">
        <div className="h-8 w-40 rounded-lg bg-muted motion-safe:animate-pulse" />
        <div className="ml-auto h-8 w-28 rounded-lg bg-muted motion-safe:animate-pulse" />
      </div>
      <div aria-hidden className="grid grid-cols-7 overflow-hidden rounded-xl border border-border bg-surface">
        {Array.from({ length: 35 }, (_, cell) => (
          <div key={cell} className="h-14 border-t border-border p-1.5 md:h-[6.75rem] [&:not(:nth-child(7n+1))]:border-l">
            <div className="h-4 w-5 rounded bg-muted motion-safe:animate-pulse" />
          </div>
        ))}
      </div>
    </div>
  );
}

function CalendarError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-border bg-surface px-6 py-14 text-center">
      <TriangleAlert aria-hidden className="mb-3 h-10 w-10 text-danger" />
      <p className="text-lg font-semibold">{t('calendar.error.title')}</p>
      <p className="mt-1 max-w-md text-muted-foreground">{t('calendar.error.body')}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}><RotateCcw aria-hidden className="h-4 w-4" />{t('calendar.error.retry')}</Button>
        <Link to={APP_PATHS.settings} className={buttonStyles('secondary')}>{t('calendar.error.settings')}</Link>
      </div>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
}

/**
 * Keeps a failure to draw the month inside the calendar: the header and the rest of the app stay, and Try again
 * draws it anew (e.g. once another tab has repaired the data). The error is logged, as the route boundary does.
 */
export class CalendarErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The calendar could not be drawn', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <CalendarError onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

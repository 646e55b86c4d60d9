import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { Legend } from './calendar-item.tsx';
import { monthTitle } from './calendar-day.ts';

interface MonthToolbarProps {
  month: string;
  headingId: string;
  /** Items due within the month (its own days). */
  count: number;
  onToday: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** The month-and-year heading (announced when it changes), Today, previous and next month, the key and the count. */
export function MonthToolbar({ month, headingId, count, onToday, onPrevious, onNext }: MonthToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-3">
      <div className="flex items-center gap-1 max-sm:order-2 max-sm:ml-auto">
        <Button variant="secondary" onClick={onToday}>
          {t('calendar.today')}
        </Button>
        <Button variant="ghost" size="icon" onClick={onPrevious} aria-label={t('calendar.previousMonth')}>
          <ChevronLeft aria-hidden className="h-5 w-5" />
        </Button>
        <Button variant="ghost" size="icon" onClick={onNext} aria-label={t('calendar.nextMonth')}>
          <ChevronRight aria-hidden className="h-5 w-5" />
        </Button>
      </div>
      <div aria-live="polite" className="max-sm:order-1">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight sm:text-2xl">{monthTitle(month)}</h2>
      </div>
      <div className="flex w-full items-center justify-between gap-4 text-sm text-muted-foreground max-sm:order-3 sm:ml-auto sm:w-auto sm:justify-end">
        {count > 0 ? <span data-testid="month-count">{t('calendar.monthCount', { count })}</span> : <span />}
        <Legend />
      </div>
    </div>
  );
}

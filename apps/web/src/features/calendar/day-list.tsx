import type { CalendarItem } from '@grove/domain/calendar/calendar-items';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { AnchoredDialog } from './anchored-dialog.tsx';
import { dayHeading } from './calendar-day.ts';
import { ItemRow } from './calendar-item.tsx';

// A day's items in full: the '+N more' popover on medium screens and up, and the list under the grid on phones
// (docs/product.md, Calendar).

function DayItems({ items }: { items: readonly CalendarItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">{t('calendar.day.empty')}</p>;
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((item) => <li key={`${item.kind}:${item.id}`}><ItemRow item={item} /></li>)}
    </ul>
  );
}

function DayTitle({ id, day, today, count }: { id: string; day: string; today: boolean; count: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <h3 id={id} className="font-semibold">{dayHeading(day)}</h3>
      {today ? <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{t('calendar.today')}</span> : null}
      {count > 0 ? <span className="text-sm text-muted-foreground">{t('calendar.day.count', { count })}</span> : null}
    </div>
  );
}

interface DayPopoverProps {
  day: string;
  items: readonly CalendarItem[];
  today: string;
  /** The day's cell, which it opens over. */
  anchor: HTMLElement;
  /** `returnFocus`: give focus back to the day (Escape, Close), not when the user clicked or tabbed elsewhere. */
  onClose: (returnFocus: boolean) => void;
}

/** The whole day over its cell (medium screens and up): '+N more', or Enter on the day. */
export function DayPopover({ day, items, today, anchor, onClose }: DayPopoverProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <AnchoredDialog anchor={anchor} labelledBy={titleId} onClose={onClose} className="w-80">
      <div className="flex items-start justify-between gap-2 border-b border-border px-4 pt-3 pb-2.5">
        <DayTitle id={titleId} day={day} today={day === today} count={items.length} />
        <button
          type="button"
          aria-label={t('calendar.day.close')}
          onClick={() => onClose(true)}
          className="-mr-1.5 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
      <div className="p-2">
        <DayItems items={items} />
      </div>
    </AnchoredDialog>
  );
}

/** Phones: the selected day's items under the grid. */
export function DayAgenda({ day, items, today }: { day: string; items: readonly CalendarItem[]; today: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="day-agenda" className="mt-5 md:hidden">
      <div className="mb-3">
        <DayTitle id={titleId} day={day} today={day === today} count={items.length} />
      </div>
      <DayItems items={items} />
    </section>
  );
}

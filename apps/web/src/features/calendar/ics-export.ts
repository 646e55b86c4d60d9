import type { CalendarIndex, CalendarItem } from '@grove/domain/calendar/calendar-items';
import { calendarToIcs, icsFileName } from '@grove/domain/calendar/ics';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';
import { downloadText } from '@/lib/download.ts';
import type { TFunction } from 'i18next';
import { itemHref } from './item-links.ts';
import { itemMeta } from './item-text.ts';

export interface IcsFile {
  fileName: string;
  text: string;
  /** Events in the file. */
  count: number;
}

/** What each event says besides its title: kind and state, the item's description, and the address that opens it. */
function detailsFor(t: TFunction, origin: string) {
  return (item: CalendarItem) => {
    return {
      description: [itemMeta(t, item), item.description.trim()].filter((part) => part !== '').join('\n\n'),
      categories: [t(`calendar.kind.${item.kind}`)],
      url: new URL(itemHref(item), origin).toString(),
    };
  };
}

/** 'Export .ics' (docs/product.md, Calendar): every dated project and task as an all-day event (decision 045). */
export function buildIcsFile(index: CalendarIndex, { now, t, origin }: { now: Date; t: TFunction; origin: string }): IcsFile {
  return {
    fileName: icsFileName(toLocalIsoDate(now)),
    text: calendarToIcs(index.items, { now, calendarName: t('app.name'), details: detailsFor(t, origin) }),
    count: index.items.length,
  };
}

/** Builds the file and hands it to the browser's download. */
export function downloadIcsFile(index: CalendarIndex, options: { now: Date; t: TFunction; origin: string }): IcsFile {
  const file = buildIcsFile(index, options);
  downloadText(file.fileName, file.text, 'text/calendar;charset=utf-8');
  return file;
}

import { intlFormat } from 'date-fns';
import { i18next } from '@/i18n/i18n.ts';

// Calendar days ('YYYY-MM-DD') in words. date-fns' intlFormat (the browser's Intl) rather than format: it names
// months and weekdays in the reader's language already, and costs a few hundred bytes where format and its
// English locale cost 5 KB gzip. Dates are formatted at local midnight of the day, in the user's time zone.

export function dayDate(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

const say = (day: string, options: Intl.DateTimeFormatOptions): string =>
  intlFormat(dayDate(day), options, { locale: i18next.resolvedLanguage ?? 'en' });

/** The month heading: 'March 2026'. */
export const monthTitle = (month: string): string => say(`${month}-01`, { month: 'long', year: 'numeric' });

/** A day in full, for labels: 'Thursday, March 5, 2026'. */
export const fullDay = (day: string): string => say(day, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** A day heading without the year: 'Thursday, March 5'. */
export const dayHeading = (day: string): string => say(day, { weekday: 'long', month: 'long', day: 'numeric' });

/** A date in a list, as docs/product.md writes them ('MMM d, yyyy'; Texts, formats and themes): 'Mar 5, 2026'. */
export const listDay = (day: string): string => say(day, { month: 'short', day: 'numeric', year: 'numeric' });

/** The first of a month in a cell: 'Apr 1'. */
export const shortDay = (day: string): string => say(day, { month: 'short', day: 'numeric' });

/** The weekday column headings, Sunday first: short ('Sun') and full ('Sunday'). */
export function weekdayNames(): { short: string; full: string }[] {
  // 2026-03-01 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => {
    const day = `2026-03-0${index + 1}`;
    return { short: say(day, { weekday: 'short' }), full: say(day, { weekday: 'long' }) };
  });
}

// Dates on a server-rendered public page in the reader's time zone (components/local-date.tsx): the server can only
// write the UTC day, which differs from the reader's near midnight.
import { formatDate, type DateStyle } from '@/lib/dates.ts';

const isDateStyle = (value: string | null): value is DateStyle => value === 'list' || value === 'long';

export function enhanceLocalDates(document: Document | Element): void {
  for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-date-style]')) {
    const style = time.getAttribute('data-date-style');
    const written = formatDate(time.dateTime, isDateStyle(style) ? style : 'list');
    if (written !== '' && time.textContent !== written) time.textContent = written;
  }
}

import type { DateStyle } from '@/lib/dates.ts';
import { useLocalDates } from '@/lib/use-local-dates.ts';

/** A `<time>` on a server-rendered page, read in the reader's time zone once the browser has the page. */
export function LocalDate({ value, style = 'list' }: { value: string; style?: DateStyle }) {
  const readDate = useLocalDates();
  // data-date-style: on a server-rendered public page, the page's script writes the reader's own date (decision 075).
  return <time dateTime={value} data-date-style={style}>{readDate(value, style)}</time>;
}

// Dates as lists and posts show them (docs/product.md, Texts, formats and themes): 'MMM d, yyyy' in lists ('Mar 5,
// 2026'), 'MMMM d, yyyy' on a post ('March 5, 2026'), in the reader's time zone. Written from the date's fields (Intl
// for a named time zone) rather than through date-fns, so the public pages and the admin tables load no date library
// (bundle budgets).

export type DateStyle = 'list' | 'long';

/**
 * A date-time (ISO string or Date) as `style` reads, in `timeZone` (the reader's own when omitted); '' for a value
 * that is not a date.
 */
export function formatDate(value: string | Date, style: DateStyle = 'list', timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  // The reader's zone and UTC from the date's own fields: a page's first Intl date format loads the locale's data,
  // about 30 ms of a public page's main thread here (four times that on Lighthouse's phone), for text that is English
  // and fixed. Any other zone goes through Intl.
  if (timeZone !== undefined && timeZone !== 'UTC') return intlFormat(date, style, timeZone);
  const utc = timeZone === 'UTC';
  const month = (style === 'list' ? SHORT_MONTHS : LONG_MONTHS)[utc ? date.getUTCMonth() : date.getMonth()];
  return `${month} ${utc ? date.getUTCDate() : date.getDate()}, ${utc ? date.getUTCFullYear() : date.getFullYear()}`;
}

const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = LONG_MONTHS.map((name) => name.slice(0, 3));

function intlFormat(date: Date, style: DateStyle, timeZone: string): string {
  return date.toLocaleDateString('en-US', { month: style === 'list' ? 'short' : 'long', day: 'numeric', year: 'numeric', timeZone });
}

/** 'Mar 5, 2026', the list date. */
export const listDate = (value: string | Date): string => formatDate(value, 'list');

/** 'March 5, 2026', a post's date. */
export const longDate = (value: string | Date): string => formatDate(value, 'long');

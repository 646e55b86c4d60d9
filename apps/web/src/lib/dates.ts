// Dates as lists and posts show them (docs/product.md, Texts, formats and themes): 'MMM d, yyyy' in lists ('Mar 5,
// 2026'), 'MMMM d, yyyy' on a post ('March 5, 2026'), in the reader's time zone. Through Intl rather than date-fns, so
// the public pages and the admin tables load no date library (bundle budgets).

export type DateStyle = 'list' | 'long';

/**
 * A date-time (ISO string or Date) as `style` reads, in `timeZone` (the reader's own when omitted); '' for a value
 * that is not a date.
 */
export function formatDate(value: string | Date, style: DateStyle = 'list', timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: style === 'list' ? 'short' : 'long', day: 'numeric', year: 'numeric', timeZone });
}

/** 'Mar 5, 2026', the list date. */
export const listDate = (value: string | Date): string => formatDate(value, 'list');

/** 'March 5, 2026', a post's date. */
export const longDate = (value: string | Date): string => formatDate(value, 'long');

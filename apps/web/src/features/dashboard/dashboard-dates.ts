import { storedDate } from '@grove/domain/dashboard/dashboard-selectors';
import { daysUntil, type Deadline } from '@grove/domain/dashboard/upcoming-deadlines';
import { format, formatDistance } from 'date-fns';

// Dates as the dashboard shows them (docs/product.md, Texts, formats and themes): 'MMM d, yyyy' in lists, 'MMM d'
// for a task's due day, relative times such as 'in 3 days' from date-fns.

/** 'Mar 5, 2026'; '' for a date that cannot be read. A calendar date is that day, a date-time its local day. */
export function listDate(value: string): string {
  const date = storedDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/** 'Mar 5', as the board shows a task's due day. */
export function shortDate(value: string): string {
  const date = storedDate(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d');
}

export type RelativeDue = { readonly key: 'today' | 'tomorrow' } | { readonly text: string };

/**
 * How far off a deadline is. A whole day (a task's) counts in calendar days: 'today', 'tomorrow', 'in 3 days',
 * whatever the hour; an instant (a project's date-time) is measured from now: 'in about 5 hours', 'in 3 days'.
 */
export function relativeDue(deadline: Deadline, now: Date): RelativeDue {
  if (!deadline.allDay) return { text: formatDistance(deadline.dueAt, now, { addSuffix: true }) };
  const days = daysUntil(deadline, now);
  if (days <= 0) return { key: 'today' };
  if (days === 1) return { key: 'tomorrow' };
  // From today's local midnight to the due day's: date-fns rounds away the 23- or 25-hour day of a clock change.
  const due = storedDate(deadline.day);
  const today = new Date(due);
  today.setDate(due.getDate() - days);
  return { text: formatDistance(due, today, { addSuffix: true }) };
}

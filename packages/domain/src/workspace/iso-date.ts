import * as z from 'zod/mini';

// Dates are stored as ISO 8601 strings: a calendar date ('2024-03-05', what a date input gives, used for
// task due dates) or a date-time ('2024-03-05T10:00:00.000Z', what toISOString gives). Data written by the
// original product holds both, and date-fns parseISO reads both, so the model accepts both.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function isIsoDateString(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  // Date.parse rolls '2024-02-31' over to March; a stored date that does not exist is a corrupt one.
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

export const isoDateStringSchema = z.string().check(z.refine(isIsoDateString, { message: 'Expected an ISO 8601 date' }));

/** The user's calendar date as 'YYYY-MM-DD'. Not toISOString(), which gives the UTC date: just after
 * midnight in Sydney that is still yesterday. */
export function toLocalIsoDate(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** The same wall-clock time `days` calendar days later in the user's time zone (a DST change keeps the day). */
export function addLocalDays(date: Date, days: number): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The user's calendar day a stored date names, as 'YYYY-MM-DD': a calendar date is that day (it was written as
 * the user's local day, in no time zone); a date-time, as older data holds, is the local day of that instant.
 */
export function localCalendarDay(value: string): string {
  return CALENDAR_DATE.test(value) ? value : toLocalIsoDate(new Date(value));
}

const DAY_MS = 24 * 60 * 60 * 1000;

function utcMidnight(day: string): number {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return date.getTime();
}

/** Whole calendar days from one 'YYYY-MM-DD' to another (negative when `to` is earlier); no time zone or DST enters. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

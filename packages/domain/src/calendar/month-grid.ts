// The calendar's month grid (docs/product.md, Calendar): 7 columns, weeks starting on Sunday, the days before and
// after the month that fill its first and last weeks shown as outside it. Days are calendar days 'YYYY-MM-DD' and
// all arithmetic is done on them as UTC dates, so no time zone or clock change can move, skip or repeat a day;
// the user's time zone enters once, in `today` (toLocalIsoDate(now)) and in the items' days (calendar-items.ts).

/** A month as 'YYYY-MM'. */
export type MonthKey = string;

/** Sunday = 0 … Saturday = 6, as Date#getDay. The grid's first column is Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const DAYS_PER_WEEK = 7;

export interface GridDay {
  /** 'YYYY-MM-DD'. */
  date: string;
  dayOfMonth: number;
  weekday: Weekday;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
  isToday: boolean;
}

export interface MonthGrid {
  month: MonthKey;
  /** Whole weeks, Sunday to Saturday: 4 (a 28-day February starting on a Sunday) to 6. */
  weeks: GridDay[][];
  /** The first and last days drawn (the first week's Sunday, the last week's Saturday). */
  firstDay: string;
  lastDay: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

function utcDate(year: number, monthIndex: number, day: number): Date {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function dayOf(date: Date): string {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function partsOf(day: string): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

/** A real calendar day 'YYYY-MM-DD' (not '2026-02-30'), years 0001-9999. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = partsOf(value);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(monthKey(year, month));
}

/** A month 'YYYY-MM', years 0001-9999. */
export function isMonthKey(value: string): boolean {
  const match = MONTH.exec(value);
  return match !== null && Number(match[1]) >= 1 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

export function monthKey(year: number, month: number): MonthKey {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month a day belongs to. */
export const monthOfDay = (day: string): MonthKey => day.slice(0, 7);

export function daysInMonth(month: MonthKey): number {
  return utcDate(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0).getUTCDate();
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const [year, month, date] = partsOf(day);
  return dayOf(utcDate(year, month - 1, date + count));
}

export function weekdayOf(day: string): Weekday {
  const [year, month, date] = partsOf(day);
  return utcDate(year, month - 1, date).getUTCDay() as Weekday;
}

export function addMonths(month: MonthKey, count: number): MonthKey {
  const date = utcDate(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + count, 1);
  return dayOf(date).slice(0, 7);
}

/**
 * The same day of the month `count` months later (earlier when negative), kept within the target month:
 * March 31 one month on is April 30, January 31 one month on is February 28 or 29.
 */
export function addMonthsToDay(day: string, count: number): string {
  const month = addMonths(monthOfDay(day), count);
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(dayOfMonth).padStart(2, '0')}`;
}

/** The Sunday that starts the week of `day`. */
export const startOfWeek = (day: string): string => addDays(day, -weekdayOf(day));

/** The Saturday that ends the week of `day`. */
export const endOfWeek = (day: string): string => addDays(day, DAYS_PER_WEEK - 1 - weekdayOf(day));

/** The weeks that hold the month's days, Sunday first; `today` ('YYYY-MM-DD', the user's local day) is marked. */
export function monthGrid(month: MonthKey, today: string): MonthGrid {
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const firstDay = startOfWeek(first);
  const lastDay = endOfWeek(last);
  const weeks: GridDay[][] = [];
  for (let weekStart = firstDay; weekStart <= lastDay; weekStart = addDays(weekStart, DAYS_PER_WEEK)) {
    const week: GridDay[] = [];
    for (let index = 0; index < DAYS_PER_WEEK; index += 1) {
      const date = addDays(weekStart, index);
      week.push({
        date,
        dayOfMonth: Number(date.slice(8, 10)),
        weekday: index as Weekday,
        inMonth: monthOfDay(date) === month,
        isToday: date === today,
      });
    }
    weeks.push(week);
  }
  return { month, weeks, firstDay, lastDay };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import { toLocalIsoDate } from '../workspace/iso-date.ts';
import {
  addDays, addMonths, addMonthsToDay, daysInMonth, endOfWeek, isCalendarDay, isMonthKey, monthGrid, monthKey, startOfWeek, weekdayOf,
} from './month-grid.ts';

const dates = (grid: ReturnType<typeof monthGrid>) => grid.weeks.map((week) => week.map((day) => day.date));
const inMonthDays = (grid: ReturnType<typeof monthGrid>) => grid.weeks.flat().filter((day) => day.inMonth).map((day) => day.dayOfMonth);
const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe.each(TEST_TIME_ZONES)('monthGrid (%s)', (zone) => {
  inTimeZone(zone);

  it('a month starting on Sunday starts in the first cell: March 2026 is 5 weeks, Mar 1 to Apr 4', () => {
    const grid = monthGrid('2026-03', '2026-03-05');
    expect(grid.weeks).toHaveLength(5);
    expect(grid.firstDay).toBe('2026-03-01');
    expect(grid.lastDay).toBe('2026-04-04');
    expect(dates(grid)[0]).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07']);
    expect(grid.weeks[4]?.map((day) => day.inMonth)).toEqual([true, true, true, false, false, false, false]);
    expect(inMonthDays(grid)).toEqual(range(31));
  });

  it('a 28-day February starting on Sunday fills exactly 4 weeks, nothing dimmed (February 2026)', () => {
    const grid = monthGrid('2026-02', '2026-03-05');
    expect(grid.weeks).toHaveLength(4);
    expect([grid.firstDay, grid.lastDay]).toEqual(['2026-02-01', '2026-02-28']);
    expect(grid.weeks.flat().every((day) => day.inMonth)).toBe(true);
  });

  it('a 31-day month starting on Saturday needs 6 weeks: August 2026 runs from Jul 26 to Sep 5', () => {
    const grid = monthGrid('2026-08', '2026-03-05');
    expect(grid.weeks).toHaveLength(6);
    expect(dates(grid)[0]).toEqual(['2026-07-26', '2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30', '2026-07-31', '2026-08-01']);
    expect(grid.weeks[0]?.map((day) => day.inMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(grid.lastDay).toBe('2026-09-05');
    expect(inMonthDays(grid)).toEqual(range(31));
  });

  it('a leap February has 29 days (2024: Jan 28 to Mar 2); a common one 28; 1900 is not leap, 2000 is', () => {
    const grid = monthGrid('2024-02', '2026-03-05');
    expect(inMonthDays(grid)).toEqual(range(29));
    expect([grid.firstDay, grid.lastDay]).toEqual(['2024-01-28', '2024-03-02']);
    expect([daysInMonth('2023-02'), daysInMonth('1900-02'), daysInMonth('2000-02'), daysInMonth('2028-02')]).toEqual([28, 28, 29, 29]);
  });

  it('months with a clock change list every day once, in order: the change neither skips nor repeats a day', () => {
    // Los Angeles: Mar 8 and Nov 1 2026. Auckland: Apr 5 and Sep 27 2026.
    for (const month of ['2026-03', '2026-04', '2026-09', '2026-10', '2026-11']) {
      const days = dates(monthGrid(month, '2026-03-05')).flat();
      expect(new Set(days).size).toBe(days.length);
      days.slice(1).forEach((day, index) => expect(day).toBe(addDays(days[index] ?? '', 1)));
      expect(monthGrid(month, '2026-03-05').weeks.flat().map((day) => day.weekday))
        .toEqual(days.map((_, index) => index % 7));
    }
  });

  it('marks today, the user\'s local day, and nothing else; a today outside the grid marks nothing', () => {
    // Just after midnight on the day the clocks go forward in Los Angeles, and back in Auckland.
    const today = toLocalIsoDate(new Date(2026, 2, 8, 0, 30));
    expect(today).toBe('2026-03-08');
    const marked = monthGrid('2026-03', today).weeks.flat().filter((day) => day.isToday).map((day) => day.date);
    expect(marked).toEqual(['2026-03-08']);
    expect(monthGrid('2026-04', toLocalIsoDate(new Date(2026, 3, 5, 2, 30))).weeks.flat().filter((day) => day.isToday).map((day) => day.date))
      .toEqual(['2026-04-05']);
    expect(monthGrid('2026-05', today).weeks.flat().some((day) => day.isToday)).toBe(false);
  });
});

describe('day and month arithmetic', () => {
  it('addDays crosses month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('weekdays, Sunday = 0; weeks run Sunday to Saturday', () => {
    expect(weekdayOf('2026-03-01')).toBe(0);
    expect(weekdayOf('2026-08-01')).toBe(6);
    expect([startOfWeek('2026-03-05'), endOfWeek('2026-03-05')]).toEqual(['2026-03-01', '2026-03-07']);
    expect([startOfWeek('2026-03-01'), endOfWeek('2026-03-07')]).toEqual(['2026-03-01', '2026-03-07']);
  });

  it('addMonths crosses years; addMonthsToDay keeps the day within the target month', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(addMonthsToDay('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsToDay('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsToDay('2026-01-31', 3)).toBe('2026-04-30');
    expect(addMonthsToDay('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('checks days and months, refusing ones that do not exist', () => {
    expect(['2026-03-05', '2024-02-29', '0001-01-01'].map(isCalendarDay)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-3-5', '0000-01-01', '2026-03-05T10:00', ''].map(isCalendarDay))
      .toEqual([false, false, false, false, false, false]);
    expect(['2026-03', '9999-12'].map(isMonthKey)).toEqual([true, true]);
    expect(['2026-00', '2026-13', '0000-01', '2026-3', '2026-03-01'].map(isMonthKey)).toEqual([false, false, false, false, false]);
  });
});

describe('monthGrid properties', () => {
  // Years 3 to 9996: moved by up to 24 months either way (the property below), a month stays a four-digit year
  // (year 9998 plus 21 months made '10000-0', a failure by chance of the generator, not of the code).
  const monthArb = fc.record({ year: fc.integer({ min: 3, max: 9996 }), month: fc.integer({ min: 1, max: 12 }) })
    .map(({ year, month }) => monthKey(year, month));

  it('whole weeks from a Sunday to a Saturday holding every day of the month once, in order, and no more than needed', () => {
    fc.assert(fc.property(monthArb, (month) => {
      const grid = monthGrid(month, '2026-03-05');
      const days = grid.weeks.flat();
      expect(grid.weeks.length).toBeGreaterThanOrEqual(4);
      expect(grid.weeks.length).toBeLessThanOrEqual(6);
      expect(grid.weeks.every((week) => week.length === 7)).toBe(true);
      expect(weekdayOf(grid.firstDay)).toBe(0);
      expect(weekdayOf(grid.lastDay)).toBe(6);
      days.slice(1).forEach((day, index) => expect(day.date).toBe(addDays(days[index]?.date ?? '', 1)));
      expect(days.filter((day) => day.inMonth).map((day) => day.dayOfMonth)).toEqual(range(daysInMonth(month)));
      // No week is all outside the month.
      expect(grid.weeks.every((week) => week.some((day) => day.inMonth))).toBe(true);
    }));
  });

  it('addMonths by n then by -n comes back; next month of the last day is the first of the next', () => {
    fc.assert(fc.property(monthArb, fc.integer({ min: -24, max: 24 }), (month, count) => {
      fc.pre(Number(month.slice(0, 4)) > 3);
      expect(addMonths(addMonths(month, count), -count)).toBe(month);
      expect(addDays(`${month}-${String(daysInMonth(month)).padStart(2, '0')}`, 1)).toBe(`${addMonths(month, 1)}-01`);
    }));
  });
});

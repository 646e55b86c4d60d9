import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLocalDays, calendarDaysBetween, isIsoDateString, localCalendarDay, toLocalIsoDate } from './iso-date.ts';

describe('isIsoDateString', () => {
  it.each(['2024-03-05', '2024-03-05T10:00:00.000Z', '2024-03-05T10:00:00Z', '2024-03-05T10:00', '2024-03-05T10:00:00+02:00', '2024-02-29'])(
    'accepts %s', (value) => {
      expect(isIsoDateString(value)).toBe(true);
    });

  it.each(['', 'tomorrow', '2024-3-5', '2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', 'Mon Mar 04 2024', '2024-03-05T25:00:00Z'])(
    'rejects %s', (value) => {
      expect(isIsoDateString(value)).toBe(false);
    });

  it('accepts whatever toISOString produces', () => {
    fc.assert(fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31') }), (date) => {
      expect(isIsoDateString(date.toISOString())).toBe(true);
    }));
  });
});

describe('toLocalIsoDate', () => {
  it('gives the local calendar date, whatever the time zone', () => {
    // Built from local parts, so the expectation holds in every zone the tests run in.
    expect(toLocalIsoDate(new Date(2024, 0, 1, 0, 30))).toBe('2024-01-01');
    expect(toLocalIsoDate(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
    expect(toLocalIsoDate(new Date(987, 4, 6, 12))).toBe('0987-05-06');
  });
});

describe('addLocalDays', () => {
  it('moves across month and year ends', () => {
    expect(toLocalIsoDate(addLocalDays(new Date(2024, 0, 30, 23, 30), 2))).toBe('2024-02-01');
    expect(toLocalIsoDate(addLocalDays(new Date(2024, 11, 31, 8), 2))).toBe('2025-01-02');
    expect(toLocalIsoDate(addLocalDays(new Date(2023, 1, 28, 8), 1))).toBe('2023-03-01');
  });

  it('keeps the wall-clock time', () => {
    const later = addLocalDays(new Date(2024, 2, 30, 1, 15), 2);
    expect([later.getHours(), later.getMinutes()]).toEqual([1, 15]);
  });
});

describe('localCalendarDay', () => {
  it('keeps a calendar date as written and reads a date-time as the local day of that instant', () => {
    expect(localCalendarDay('2024-03-05')).toBe('2024-03-05');
    const instant = new Date(2024, 2, 5, 23, 30);
    expect(localCalendarDay(instant.toISOString())).toBe('2024-03-05');
  });
});

describe('calendarDaysBetween', () => {
  it('counts whole days across month, year and leap-day ends', () => {
    expect(calendarDaysBetween('2024-03-05', '2024-03-05')).toBe(0);
    expect(calendarDaysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(calendarDaysBetween('2024-12-31', '2025-01-01')).toBe(1);
    expect(calendarDaysBetween('2025-01-01', '2024-12-31')).toBe(-1);
    expect(calendarDaysBetween('0099-12-31', '0100-01-01')).toBe(1);
  });

  it('agrees with addLocalDays on the local calendar', () => {
    fc.assert(fc.property(
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
      fc.integer({ min: -800, max: 800 }),
      (date, days) => {
        expect(calendarDaysBetween(toLocalIsoDate(date), toLocalIsoDate(addLocalDays(date, days)))).toBe(days);
      },
    ));
  });
});

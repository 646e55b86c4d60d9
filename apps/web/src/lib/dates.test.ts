import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, listDate, longDate } from './dates.ts';

const instants = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

describe('dates', () => {
  it('reads as MMM d, yyyy in lists and MMMM d, yyyy on a post, in the local time zone', () => {
    fc.assert(fc.property(instants, (date) => {
      expect(listDate(date)).toBe(format(date, 'MMM d, yyyy'));
      expect(longDate(date.toISOString())).toBe(format(date, 'MMMM d, yyyy'));
    }));
  });

  it('property: reads as Intl writes the same date in English, in the local zone and in UTC', () => {
    const intl = (date: Date, month: 'short' | 'long', timeZone?: string) => date.toLocaleDateString('en-US', { month, day: 'numeric', year: 'numeric', timeZone });
    fc.assert(fc.property(instants, (date) => {
      expect(formatDate(date, 'list')).toBe(intl(date, 'short'));
      expect(formatDate(date, 'long')).toBe(intl(date, 'long'));
      expect(formatDate(date, 'list', 'UTC')).toBe(intl(date, 'short', 'UTC'));
      expect(formatDate(date.toISOString(), 'long', 'UTC')).toBe(intl(date, 'long', 'UTC'));
    }));
  });

  it('reads the day of the time zone it is given', () => {
    const iso = '2026-03-05T23:30:00.000Z';
    expect(formatDate(iso, 'list', 'UTC')).toBe('Mar 5, 2026');
    expect(formatDate(iso, 'long', 'Pacific/Kiritimati')).toBe('March 6, 2026');
    expect(formatDate(iso, 'list', 'America/New_York')).toBe('Mar 5, 2026');
  });

  it('gives nothing for a value that is not a date', () => {
    expect(listDate('not a date')).toBe('');
    expect(longDate(new Date(Number.NaN))).toBe('');
  });
});

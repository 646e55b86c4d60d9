import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import { dueDateInputValue, dueDateToIso, isBlankName, parseProgress, parseTeamSize } from './project-fields.ts';

describe('parseProgress', () => {
  it('keeps 0–100 as whole percents, clamps beyond, and reads anything not a number as 0', () => {
    expect(parseProgress('40')).toBe(40);
    expect(parseProgress(' 72.6 ')).toBe(73);
    expect(parseProgress('150')).toBe(100);
    expect(parseProgress('-5')).toBe(0);
    expect(parseProgress('abc')).toBe(0);
    expect(parseProgress('')).toBe(0);
    expect(parseProgress(Number.NaN)).toBe(0);
    expect(parseProgress(55)).toBe(55);
  });
});

describe('parseTeamSize', () => {
  it('is a whole number of at least 1; empty or not a number is 1', () => {
    expect(parseTeamSize('4')).toBe(4);
    expect(parseTeamSize('2.9')).toBe(2);
    expect(parseTeamSize('0')).toBe(1);
    expect(parseTeamSize('-3')).toBe(1);
    expect(parseTeamSize('')).toBe(1);
    expect(parseTeamSize('many')).toBe(1);
    expect(parseTeamSize(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('isBlankName', () => {
  it('is true for empty and whitespace-only names', () => {
    expect(isBlankName('   ')).toBe(true);
    expect(isBlankName(' Launch ')).toBe(false);
  });
});

for (const zone of TEST_TIME_ZONES) {
  describe(`due dates in ${zone}`, () => {
    inTimeZone(zone);

    it('stores the picked day as its local midnight and shows that same day again', () => {
      const iso = dueDateToIso('2026-03-05');
      expect(iso).toBe(new Date(2026, 2, 5).toISOString());
      expect(dueDateInputValue(iso)).toBe('2026-03-05');
    });

    it('keeps the day across a clock change and at a year end', () => {
      for (const day of ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-11-01', '2026-12-31', '2028-02-29']) {
        expect(dueDateInputValue(dueDateToIso(day))).toBe(day);
      }
    });
  });
}

describe('dueDateToIso', () => {
  it('is none for empty, malformed or impossible dates', () => {
    expect(dueDateToIso('')).toBeUndefined();
    expect(dueDateToIso(null)).toBeUndefined();
    expect(dueDateToIso('05/03/2026')).toBeUndefined();
    expect(dueDateToIso('2026-02-31')).toBeUndefined();
    expect(dueDateToIso('2027-02-29')).toBeUndefined();
  });

  it('shows no date for a project without one', () => {
    expect(dueDateInputValue(undefined)).toBe('');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import { isGridKey, moveFocusedDay } from './grid-navigation.ts';
import { addDays, monthKey } from './month-grid.ts';

describe.each(TEST_TIME_ZONES)('moveFocusedDay (%s)', (zone) => {
  inTimeZone(zone);

  it('arrows move a day or a week, across month and year ends', () => {
    expect(moveFocusedDay('2026-03-05', 'ArrowRight')).toBe('2026-03-06');
    expect(moveFocusedDay('2026-03-01', 'ArrowLeft')).toBe('2026-02-28');
    expect(moveFocusedDay('2026-03-05', 'ArrowUp')).toBe('2026-02-26');
    expect(moveFocusedDay('2026-12-29', 'ArrowDown')).toBe('2027-01-05');
    // Across the clock changes of both zones.
    expect(moveFocusedDay('2026-03-07', 'ArrowDown')).toBe('2026-03-14');
    expect(moveFocusedDay('2026-04-04', 'ArrowRight')).toBe('2026-04-05');
  });

  it('Home and End go to the Sunday and Saturday of the week', () => {
    expect(moveFocusedDay('2026-03-05', 'Home')).toBe('2026-03-01');
    expect(moveFocusedDay('2026-03-05', 'End')).toBe('2026-03-07');
    expect(moveFocusedDay('2026-04-01', 'Home')).toBe('2026-03-29');
  });

  it('Page Up and Page Down move a month (Shift: a year), kept within the shorter month', () => {
    expect(moveFocusedDay('2026-03-05', 'PageUp')).toBe('2026-02-05');
    expect(moveFocusedDay('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveFocusedDay('2024-01-31', 'PageDown')).toBe('2024-02-29');
    expect(moveFocusedDay('2026-12-15', 'PageDown')).toBe('2027-01-15');
    expect(moveFocusedDay('2024-02-29', 'PageDown', true)).toBe('2025-02-28');
    expect(moveFocusedDay('2026-03-05', 'PageUp', true)).toBe('2025-03-05');
  });
});

describe('grid keys', () => {
  it('knows the keys it moves by, and no others', () => {
    expect(['ArrowLeft', 'Home', 'PageDown'].every(isGridKey)).toBe(true);
    expect(['Enter', ' ', 'Tab', 'a'].some(isGridKey)).toBe(false);
  });

  const dayArb = fc
    .record({ year: fc.integer({ min: 2, max: 9998 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
    .map(({ year, month, day }) => `${monthKey(year, month)}-${String(day).padStart(2, '0')}`);

  it('Right then Left, Down then Up come back; Down is seven Rights; Home and End stay in the week', () => {
    fc.assert(fc.property(dayArb, (day) => {
      expect(moveFocusedDay(moveFocusedDay(day, 'ArrowRight'), 'ArrowLeft')).toBe(day);
      expect(moveFocusedDay(moveFocusedDay(day, 'ArrowDown'), 'ArrowUp')).toBe(day);
      expect(moveFocusedDay(day, 'ArrowDown')).toBe(addDays(day, 7));
      const home = moveFocusedDay(day, 'Home');
      expect(moveFocusedDay(home, 'End')).toBe(moveFocusedDay(day, 'End'));
      expect(moveFocusedDay(moveFocusedDay(day, 'End'), 'Home')).toBe(home);
    }));
  });

  it('Page Down then Page Up comes back for days that every month has', () => {
    fc.assert(fc.property(dayArb, fc.boolean(), (day, shift) => {
      expect(moveFocusedDay(moveFocusedDay(day, 'PageDown', shift), 'PageUp', shift)).toBe(day);
    }));
  });
});

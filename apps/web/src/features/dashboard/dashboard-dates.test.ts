import type { Deadline } from '@grove/domain/dashboard/upcoming-deadlines';
import { inTimeZone, TEST_TIME_ZONES } from '@grove/domain/testing/time-zones';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';
import { describe, expect, it } from 'vitest';
import { listDate, relativeDue, shortDate } from './dashboard-dates.ts';

// docs/product.md, Dashboard and Texts, formats and themes: 'MMM d, yyyy' in lists, relative times such as 'in 3 days'.

function allDay(day: string): Deadline {
  return { kind: 'task', id: 't', title: 'Task', allDay: true, day, dueAt: 0 };
}

function instant(at: Date): Deadline {
  return { kind: 'project', id: 'p', title: 'Project', allDay: false, day: toLocalIsoDate(at), dueAt: at.getTime() };
}

describe.each(TEST_TIME_ZONES)('dashboard dates in %s', (zone) => {
  inTimeZone(zone);

  it('shows a calendar date as that day, and a date-time as its local day', () => {
    expect(listDate('2026-03-05')).toBe('Mar 5, 2026');
    expect(shortDate('2026-03-05')).toBe('Mar 5');
    expect(listDate(new Date(2026, 2, 5, 23, 30).toISOString())).toBe('Mar 5, 2026');
    expect(listDate('not a date')).toBe('');
  });

  it('counts a whole-day deadline in calendar days whatever the hour: today, tomorrow, in 3 days', () => {
    const lateEvening = new Date(2026, 2, 5, 23, 30);
    expect(relativeDue(allDay('2026-03-05'), lateEvening)).toEqual({ key: 'today' });
    expect(relativeDue(allDay('2026-03-06'), lateEvening)).toEqual({ key: 'tomorrow' });
    expect(relativeDue(allDay('2026-03-08'), new Date(2026, 2, 5, 0, 5))).toEqual({ text: 'in 3 days' });
    // Across Los Angeles' clock change on 8 March: still 5 days.
    expect(relativeDue(allDay('2026-03-10'), new Date(2026, 2, 5, 12))).toEqual({ text: 'in 5 days' });
    expect(relativeDue(allDay('2026-04-20'), new Date(2026, 2, 5, 12))).toEqual({ text: 'in about 2 months' });
  });

  it('measures an instant from now', () => {
    const now = new Date(2026, 2, 5, 10);
    expect(relativeDue(instant(new Date(2026, 2, 5, 15)), now)).toEqual({ text: 'in about 5 hours' });
    expect(relativeDue(instant(new Date(2026, 2, 8, 10)), now)).toEqual({ text: 'in 3 days' });
    expect(relativeDue(instant(new Date(2026, 2, 5, 10, 20)), now)).toEqual({ text: 'in 20 minutes' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reevaluateGarden } from '../garden/reevaluate-garden.ts';
import { studio, task } from '../testing/dashboard-test-data.ts';
import type { GardenEntry, StudioData } from '../workspace/model.ts';
import { nextStreak } from './complete-task.ts';
import { endVacation, startVacation } from '../garden/vacation-commands.ts';
import { missedDays, onVacation, overdueDaysOutsideVacation, vacationDaysWithin } from './vacation.ts';

const at = (day: string) => new Date(`${day}T10:00:00`);

describe('vacation days', () => {
  it('counts the days from since to the day before until, every day from since while on', () => {
    const ended = { since: '2026-07-01', until: '2026-07-08' };
    expect(vacationDaysWithin(ended, '2026-06-01', '2026-08-01')).toBe(7);
    expect(vacationDaysWithin(ended, '2026-07-05', '2026-07-06')).toBe(2);
    expect(vacationDaysWithin(ended, '2026-07-08', '2026-07-20')).toBe(0);
    expect(vacationDaysWithin({ since: '2026-07-01' }, '2026-06-30', '2026-07-03')).toBe(3);
    expect(vacationDaysWithin(undefined, '2026-06-30', '2026-07-03')).toBe(0);
    expect(vacationDaysWithin(ended, '2026-07-06', '2026-07-05')).toBe(0);
  });

  it('a streak survives a gap made only of vacation days, not one with a day outside', () => {
    const vacation = { since: '2026-07-01', until: '2026-07-08' };
    // Last completion the day before the vacation; back on the day it ended: nothing missed.
    expect(missedDays('2026-06-30', '2026-07-08', vacation)).toBe(0);
    expect(missedDays('2026-06-30', '2026-07-09', vacation)).toBe(1);
    expect(missedDays('2026-06-28', '2026-07-08', vacation)).toBe(2);
    expect(missedDays('2026-06-30', '2026-07-01', undefined)).toBe(0);
    const gamification = { streak: 6, lastCompletedDate: '2026-06-30', vacation };
    expect(nextStreak(gamification, '2026-07-08')).toBe(7);
    expect(nextStreak(gamification, '2026-07-09')).toBe(1);
    // While on, a completion on any day carries the streak on.
    expect(nextStreak({ ...gamification, vacation: { since: '2026-07-01' } }, '2026-07-05')).toBe(7);
  });

  it('is the spec\'s rule without a vacation (property)', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));
    fc.assert(fc.property(day, day, fc.integer({ min: 0, max: 30 }), (last, today, streak) => {
      const days = Math.round((Date.parse(today) - Date.parse(last)) / 86_400_000);
      const expected = days === 0 ? Math.max(streak, 1) : days === 1 ? streak + 1 : 1;
      expect(nextStreak({ streak, lastCompletedDate: last }, today)).toBe(expected);
      expect(overdueDaysOutsideVacation(last, today, undefined)).toBe(Math.max(days, 0));
    }));
  });

  it('a tree is overdue by the days past its due day that were not vacation', () => {
    const vacation = { since: '2026-07-01', until: '2026-07-08' };
    // Due during the vacation: due again on the day it ended.
    expect(overdueDaysOutsideVacation('2026-07-03', '2026-07-08', vacation)).toBe(0);
    expect(overdueDaysOutsideVacation('2026-07-03', '2026-07-10', vacation)).toBe(2);
    // Due before it: the days before and after count, the vacation's do not.
    expect(overdueDaysOutsideVacation('2026-06-28', '2026-07-08', vacation)).toBe(3);
    expect(overdueDaysOutsideVacation('2026-06-29', '2026-07-08', vacation)).toBe(2);
    expect(overdueDaysOutsideVacation('2026-07-12', '2026-07-10', vacation)).toBe(0);
  });
});

describe('vacation mode commands and the garden', () => {
  const tree = (id: string): GardenEntry => ({ id, sourceId: id, sourceType: 'task', growthStage: 2, status: 'healthy', createdAt: '2026-06-01T09:00:00.000Z' });
  const garden = (): StudioData => ({ ...studio({ tasks: [task('late', { dueDate: '2026-06-28' })] }), garden: [tree('late')] });

  it('turns on from today, once; off keeps the window, or nothing when turned off the same day', () => {
    const on = startVacation.run(garden(), {}, at('2026-07-01'));
    expect(on.gamification.vacation).toEqual({ since: '2026-07-01' });
    expect(onVacation(on.gamification)).toBe(true);
    expect(startVacation.run(on, {}, at('2026-07-02'))).toBe(on);
    const off = endVacation.run(on, {}, at('2026-07-08'));
    expect(off.gamification.vacation).toEqual({ since: '2026-07-01', until: '2026-07-08' });
    expect(onVacation(off.gamification)).toBe(false);
    expect(endVacation.run(off, {}, at('2026-07-09'))).toBe(off);
    expect(endVacation.run(on, {}, at('2026-07-01')).gamification).not.toHaveProperty('vacation');
  });

  it('while on, overdue tasks neither wilt nor kill trees; once off, the spec\'s rules resume from that day', () => {
    const on = startVacation.run(garden(), {}, at('2026-06-29'));
    expect(reevaluateGarden(on, at('2026-07-07'))).toBe(on);
    const off = endVacation.run(on, {}, at('2026-07-08'));
    // Turning it off re-checks the trees in the same step.
    expect(off.garden[0]).toMatchObject({ status: 'wilting', growthStage: 1 });
    // Due 06-28, on vacation from 06-29 to 07-07: overdue by one day on 07-08, three (dead) on 07-10.
    expect(reevaluateGarden(off, at('2026-07-08')).garden[0]).toMatchObject({ status: 'wilting', growthStage: 1 });
    expect(reevaluateGarden(off, at('2026-07-09')).garden[0]).toMatchObject({ status: 'wilting' });
    expect(reevaluateGarden(off, at('2026-07-10')).garden[0]).toMatchObject({ status: 'dead', growthStage: 0 });
    // Without the vacation the tree would have died long ago.
    expect(reevaluateGarden(garden(), at('2026-07-01')).garden[0]).toMatchObject({ status: 'dead' });
  });
});

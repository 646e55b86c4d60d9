import { addDays } from '../calendar/month-grid.ts';
import { calendarDaysBetween } from '../workspace/iso-date.ts';
import type { Gamification } from '../workspace/model.ts';

// Vacation mode (issue 34, docs/decisions/073-garden-vacation-mode.md), beyond the spec and off by default: while it
// is on, overdue tasks do not wilt or kill trees and the streak does not reset. Its days do not count: a tree is
// overdue by the days past its due day that were not vacation, and a streak survives a gap made only of vacation
// days. Turning it off resumes the spec's rules from that day. The last vacation is kept in the gamification state
// (synced and exported with the rest of the workspace). The commands that turn it on and off: garden/vacation-commands.ts.

export type Vacation = NonNullable<Gamification['vacation']>;

/** Whether vacation mode is on. */
export const onVacation = (gamification: Pick<Gamification, 'vacation'>): boolean =>
  gamification.vacation !== undefined && gamification.vacation.until === undefined;

/**
 * How many of the days from `from` to `to` (both 'YYYY-MM-DD', inclusive) were vacation: the days from `since` up
 * to the day before `until` (the day it was turned off is a normal day again); every day from `since` while on.
 */
export function vacationDaysWithin(vacation: Vacation | undefined, from: string, to: string): number {
  if (vacation === undefined || calendarDaysBetween(from, to) < 0) return 0;
  const start = calendarDaysBetween(vacation.since, from) >= 0 ? from : vacation.since;
  // The last vacation day, as an offset from `since`; open while on.
  const lastOffset = vacation.until === undefined ? Number.POSITIVE_INFINITY : calendarDaysBetween(vacation.since, vacation.until) - 1;
  const endOffset = Math.min(lastOffset, calendarDaysBetween(vacation.since, to));
  const startOffset = calendarDaysBetween(vacation.since, start);
  return Math.max(0, endOffset - startOffset + 1);
}

/**
 * The days missed between the last completion and `today` (those strictly between them) that were not vacation:
 * the streak goes on when there are none.
 */
export function missedDays(lastCompleted: string, today: string, vacation: Vacation | undefined): number {
  const between = calendarDaysBetween(lastCompleted, today) - 1;
  if (between <= 0) return Math.max(between, 0);
  return between - vacationDaysWithin(vacation, addDays(lastCompleted, 1), addDays(today, -1));
}

/**
 * Days a task due on `dueDay` is overdue on `today`, the vacation's days left out; 0 when not yet due. A task due
 * during the vacation is due again on the day it ended, as if it fell due that day.
 */
export function overdueDaysOutsideVacation(dueDay: string, today: string, vacation: Vacation | undefined): number {
  const due = vacation?.until !== undefined && vacationDaysWithin(vacation, dueDay, dueDay) === 1 ? vacation.until : dueDay;
  const days = calendarDaysBetween(due, today);
  if (days <= 0) return 0;
  return days - vacationDaysWithin(vacation, addDays(due, 1), today);
}

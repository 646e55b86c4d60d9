import { onVacation } from '../gamification/vacation.ts';
import { defineCommand } from '../workspace/command.ts';
import { calendarDaysBetween, toLocalIsoDate } from '../workspace/iso-date.ts';
import type { Gamification, StudioData } from '../workspace/model.ts';
import { reevaluateGarden } from './reevaluate-garden.ts';

// Vacation mode's commands (issue 34, docs/decisions/073-garden-vacation-mode.md); its rules: gamification/vacation.ts.

function withGamification(data: StudioData, gamification: Gamification): StudioData {
  return { ...data, gamification };
}

/** Turns vacation mode on from today; nothing when it is on already. */
export const startVacation = defineCommand<Record<string, never>>('startVacation', (data, _input, now) => {
  if (onVacation(data.gamification)) return data;
  return withGamification(data, { ...data.gamification, vacation: { since: toLocalIsoDate(now) } });
});

/**
 * Turns vacation mode off today: from today the spec's rules count every day again, and the trees are re-checked at
 * once (not at the next 5-minute re-check), in the same step, so Undo takes both back. Nothing when it is off.
 */
export const endVacation = defineCommand<Record<string, never>>('endVacation', (data, _input, now) => {
  const { vacation } = data.gamification;
  if (vacation === undefined || !onVacation(data.gamification)) return data;
  const today = toLocalIsoDate(now);
  // Turned on and off within the day: it excused nothing, so nothing is kept.
  if (calendarDaysBetween(vacation.since, today) <= 0) {
    const { vacation: _ended, ...rest } = data.gamification;
    return reevaluateGarden(withGamification(data, rest), now);
  }
  return reevaluateGarden(withGamification(data, { ...data.gamification, vacation: { since: vacation.since, until: today } }), now);
});

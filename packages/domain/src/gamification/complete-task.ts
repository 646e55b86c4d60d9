import { calendarDaysBetween, localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';
import { MAX_GROWTH_STAGE, type Decoration, type Gamification, type GardenEntry, type StudioData } from '../workspace/model.ts';
import { decorationsForLevel, levelForScore } from './levels.ts';
import { missedDays } from './vacation.ts';

// Completing a task (docs/product.md, Scoring, levels and streaks): the streak, the score, levels and their
// decorations, and the task's tree. Called by the kanban move that brings a task into the finished column.

export const BASE_POINTS = 10;
/** +10% per full week of streak. */
export const STREAK_BONUS_PER_WEEK = 0.1;
const DAYS_PER_WEEK = 7;

/**
 * The streak after a completion on `today` (the user's local 'YYYY-MM-DD'). Days of vacation mode between the last
 * completion and today are not a gap (vacation.ts).
 */
export function nextStreak(gamification: Pick<Gamification, 'streak' | 'lastCompletedDate' | 'vacation'>, today: string): number {
  if (gamification.lastCompletedDate === null) return 1;
  // Older data may hold a date-time: its calendar day on the user's clock is what counts.
  const last = localCalendarDay(gamification.lastCompletedDate);
  const days = calendarDaysBetween(last, today);
  // Same day: unchanged, though never below 1, since a task was completed today (stored data may say 0).
  if (days === 0) return Math.max(gamification.streak, 1);
  if (days > 0 && missedDays(last, today, gamification.vacation) === 0) return gamification.streak + 1;
  // A gap, or a last completion "in the future" (the clock moved back): the streak starts again.
  return 1;
}

/** The points a completion earns with this streak: 10 × (1 + 0.1 per full 7 days), rounded. */
export function completionPoints(streak: number): number {
  return Math.round(BASE_POINTS * (1 + STREAK_BONUS_PER_WEEK * Math.floor(streak / DAYS_PER_WEEK)));
}

/** `current` with every decoration up to `level` that it lacks appended (the same list when none is missing). */
function withDecorationsUpTo(current: Decoration[], level: number): Decoration[] {
  const missing = decorationsForLevel(level).filter((decoration) => !current.includes(decoration));
  return missing.length === 0 ? current : [...current, ...missing];
}

/**
 * The gamification state after one completion at `now`. The multiplier uses the streak AFTER this
 * completion's update, so the 7th consecutive day already earns 11 points and a broken streak earns the base
 * 10 (docs/decisions/041-completion-scoring-order.md). The level only rises; crossing several thresholds at
 * once gains several levels, and every decoration up to the new level is added once.
 */
export function scoreCompletion(gamification: Gamification, now: Date): Gamification {
  const today = toLocalIsoDate(now);
  return applyCompletion(gamification, today, completionPoints(nextStreak(gamification, today)));
}

/**
 * One completion on `day` worth `points`, as scoreCompletion counts it: the streak moves on, the score adds the
 * points, the level only rises. The merge engine folds recorded completions with it
 * (docs/decisions/061-yjs-merge-engine.md), so the points are given rather than computed again.
 */
export function applyCompletion(gamification: Gamification, day: string, points: number): Gamification {
  const streak = nextStreak(gamification, day);
  const score = gamification.score + points;
  const level = Math.max(gamification.level, levelForScore(score));
  return {
    ...gamification,
    score,
    level,
    streak,
    lastCompletedDate: day,
    unlockedDecorations: withDecorationsUpTo(gamification.unlockedDecorations, level),
  };
}

/**
 * The task's tree (sourced from that task; its id is the task's id too) grown one stage (at most 3) and healthy;
 * the same list when it has none or nothing changes.
 */
function growTree(garden: GardenEntry[], taskId: string): GardenEntry[] {
  let changed = false;
  const next = garden.map((entry) => {
    if (entry.sourceType !== 'task' || entry.sourceId !== taskId) return entry;
    const growthStage = Math.min(entry.growthStage + 1, MAX_GROWTH_STAGE);
    if (growthStage === entry.growthStage && entry.status === 'healthy') return entry;
    changed = true;
    return { ...entry, growthStage, status: 'healthy' as const };
  });
  return changed ? next : garden;
}

/**
 * Completes an existing task at `now`: scores it and grows its tree. A task with no tree (a sample task, or
 * one from imported data) still scores, but no tree is planted for it: trees are planted when the user creates
 * a task (docs/product.md, Kanban board; docs/decisions/041-completion-scoring-order.md). An unknown task id
 * changes nothing.
 */
export function completeTask(data: StudioData, taskId: string, now: Date): StudioData {
  if (!Object.hasOwn(data.kanbanBoard.items, taskId)) return data;
  return { ...data, gamification: scoreCompletion(data.gamification, now), garden: growTree(data.garden, taskId) };
}

/** What a completion earned, for the non-blocking celebration toast. */
export interface CompletionOutcome {
  readonly points: number;
  /** The level reached, when the completion raised it; otherwise null. */
  readonly newLevel: number | null;
  readonly levelsGained: number;
  /** Decorations unlocked by this completion, in the order they were added. */
  readonly unlocked: Decoration[];
}

/** Compares the data before and after a completion (or any change): nothing earned gives 0, null, 0, []. */
export function completionOutcome(before: StudioData, after: StudioData): CompletionOutcome {
  const was = before.gamification;
  const now = after.gamification;
  const levelsGained = Math.max(now.level - was.level, 0);
  return {
    points: Math.max(now.score - was.score, 0),
    newLevel: levelsGained > 0 ? now.level : null,
    levelsGained,
    unlocked: now.unlockedDecorations.filter((decoration) => !was.unlockedDecorations.includes(decoration)),
  };
}

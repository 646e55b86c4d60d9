import { DECORATIONS, MAX_LEVEL, type Decoration, type Gamification } from '../workspace/model.ts';

// Levels and decorations (docs/product.md, Scoring, levels and streaks).

/** The score each level starts at: level 1 at 0 … level 7 (the maximum) at 5000. */
export const LEVEL_THRESHOLDS = [0, 100, 250, 500, 1000, 2000, 5000] as const;

/** The level at which each decoration unlocks. */
export const DECORATION_LEVELS: Readonly<Record<Decoration, number>> = { flowers: 2, pond: 4, path: 6 };

/** The score a level starts at; levels outside 1..7 are read as the nearest one. */
export function levelThreshold(level: number): number {
  const index = Math.min(Math.max(Math.trunc(level), 1), MAX_LEVEL) - 1;
  return LEVEL_THRESHOLDS[index] ?? 0;
}

/** The highest level whose threshold the score reaches (1 for any score below 100). */
export function levelForScore(score: number): number {
  let level = 1;
  while (level < MAX_LEVEL && score >= levelThreshold(level + 1)) level += 1;
  return level;
}

/** The decorations a level has unlocked, in DECORATIONS order. */
export function decorationsForLevel(level: number): Decoration[] {
  return DECORATIONS.filter((decoration) => DECORATION_LEVELS[decoration] <= level);
}

export interface LevelProgress {
  readonly level: number;
  /** The score the current level started at. */
  readonly current: number;
  /** The score the next level starts at; null at the top level. */
  readonly next: number | null;
  /** How far the score is from `current` to `next`, 0..1; 1 at the top level (the bar is full). */
  readonly fraction: number;
}

/** The garden header's bar towards the next level (docs/product.md, Garden). */
export function levelProgress(gamification: Pick<Gamification, 'level' | 'score'>): LevelProgress {
  const level = Math.min(Math.max(Math.trunc(gamification.level), 1), MAX_LEVEL);
  const current = levelThreshold(level);
  if (level === MAX_LEVEL) return { level, current, next: null, fraction: 1 };
  const next = levelThreshold(level + 1);
  // Clamped: imported data may hold a level its score has not reached, or a score past the next threshold.
  const fraction = Math.min(Math.max((gamification.score - current) / (next - current), 0), 1);
  return { level, current, next, fraction };
}

import { localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';

// Restore points (docs/product.md, Local-first storage; decision 063): copies of the stored workspace, each of a
// kind. Each kind keeps its own newest copies within its own budget, so automatic copies never push out the ones
// taken before the user's own actions. The browser keeps them (apps/web/src/lib/workspace-store/restore-points.ts);
// the rules are here.

/** Taken before the user's own actions (joining a sync space too) and before a data upgrade: never dropped for another kind. */
export const PROTECTED_RESTORE_POINT_REASONS = ['import', 'clear', 'restore', 'upgrade', 'join'] as const;
/** Taken by Grove on its own: the day's first change ('daily'), and the data another tab replaced ('conflict'). */
export const AUTOMATIC_RESTORE_POINT_REASONS = ['daily', 'conflict'] as const;
export const RESTORE_POINT_REASONS = [...PROTECTED_RESTORE_POINT_REASONS, ...AUTOMATIC_RESTORE_POINT_REASONS] as const;

export type ProtectedRestorePointReason = (typeof PROTECTED_RESTORE_POINT_REASONS)[number];
export type RestorePointReason = (typeof RESTORE_POINT_REASONS)[number];

export interface RestorePointInfo {
  /** Increasing: a larger id was taken later (the clock may have been set back, so createdAt may not say). */
  id: number;
  createdAt: string;
  reason: RestorePointReason;
  /** Characters of stored JSON (bytes in UTF-8 for the ASCII that JSON mostly is). */
  size: number;
}

export interface RestorePointBudget {
  /** At most this many points of the kind. */
  count: number;
  /** Their sizes together at most this (characters of JSON); the newest point is kept even when it alone is larger. */
  size: number;
}

const MB = 1024 * 1024;

/**
 * Per kind, decision 063. A workspace lives in local storage, about 5 MB at most, so a point is at most that: the
 * size budgets only bind for workspaces near the quota, and all kinds together stay under 130 MB, far below what
 * browsers give an origin's IndexedDB.
 * - Protected kinds: the newest 5 each within 20 MB (a wrong import or Clear All can be undone five times over).
 * - 'daily': 7 points within 20 MB; one a day, so the last seven days on which something changed (a week away from
 *   Grove drops none of them).
 * - 'conflict': the newest 3 within 10 MB (another tab's simultaneous save; rare, and the newest is what matters).
 */
export const RESTORE_POINT_BUDGETS: Readonly<Record<RestorePointReason, RestorePointBudget>> = {
  import: { count: 5, size: 20 * MB },
  clear: { count: 5, size: 20 * MB },
  restore: { count: 5, size: 20 * MB },
  upgrade: { count: 5, size: 20 * MB },
  join: { count: 5, size: 20 * MB },
  daily: { count: 7, size: 20 * MB },
  conflict: { count: 3, size: 10 * MB },
};

export function isProtectedReason(reason: RestorePointReason): reason is ProtectedRestorePointReason {
  return (PROTECTED_RESTORE_POINT_REASONS as readonly RestorePointReason[]).includes(reason);
}

/**
 * The ids of the points to drop once `added` is kept beside `existing`: only points of `added`'s kind, the oldest
 * beyond its budget's count or size. The kept ones are always the newest of the kind (never an older one kept while
 * a newer one goes), and `added`, the newest, is always kept.
 */
export function restorePointsToDrop(
  existing: readonly RestorePointInfo[],
  added: RestorePointInfo,
  budgets: Readonly<Record<RestorePointReason, RestorePointBudget>> = RESTORE_POINT_BUDGETS,
): number[] {
  const budget = budgets[added.reason];
  const olderOfKind = existing.filter((point) => point.reason === added.reason && point.id !== added.id).sort((a, b) => b.id - a.id);
  let kept = 1;
  let size = added.size;
  for (const [index, point] of olderOfKind.entries()) {
    if (kept + 1 > budget.count || size + point.size > budget.size) return olderOfKind.slice(index).map((dropped) => dropped.id);
    kept += 1;
    size += point.size;
  }
  return [];
}

/**
 * True when no daily point was taken on `now`'s calendar day in the user's time zone. `existingDailyDates` are
 * the daily points' createdAt (instants, read as the user's local day now) or calendar dates ('YYYY-MM-DD').
 */
export function isDailySnapshotDue(existingDailyDates: readonly string[], now: Date): boolean {
  const today = toLocalIsoDate(now);
  return !existingDailyDates.some((date) => localCalendarDay(date) === today);
}

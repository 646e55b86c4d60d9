import { isFinishedColumn } from '../workspace/column-roles.ts';
import { defineCommand } from '../workspace/command.ts';
import { onVacation, overdueDaysOutsideVacation, type Vacation } from '../gamification/vacation.ts';
import { localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';
import type { GardenEntry, KanbanBoard, KanbanItem, StudioData } from '../workspace/model.ts';

// Tree status (docs/product.md, Garden): re-checked when the Garden opens and every 5 minutes.

/** How often the open Garden re-checks its trees. */
export const GARDEN_RECHECK_MS = 300_000;
/** A tree wilts while its task is overdue by up to this many days, and dies after. */
export const WILTING_DAYS = 2;

/** Ids of the tasks in a column titled 'finished': their trees are the record of finished work. */
function finishedTaskIds(board: KanbanBoard): Set<string> {
  return new Set(board.columns.filter(isFinishedColumn).flatMap((column) => column.itemIds));
}

/**
 * Whole local calendar days the task is past its due day; 0 when it is due today, later, or never. Days of the last
 * vacation (vacation.ts) do not count.
 */
export function daysOverdue(task: Pick<KanbanItem, 'dueDate'>, now: Date, vacation?: Vacation): number {
  if (task.dueDate === undefined) return 0;
  return overdueDaysOutsideVacation(localCalendarDay(task.dueDate), toLocalIsoDate(now), vacation);
}

/**
 * One tree re-checked against its open task; the same entry when nothing changes. A tree loses a stage once,
 * when it turns wilting, not again at each re-check while it stays wilting: the rule read literally would take a
 * stage every 5 minutes, shrinking a full tree to a sprout within a quarter of an hour of the Garden being open.
 */
function reevaluateTree(entry: GardenEntry, overdue: number): GardenEntry {
  if (overdue > WILTING_DAYS) {
    return entry.status === 'dead' && entry.growthStage === 0 ? entry : { ...entry, status: 'dead', growthStage: 0 };
  }
  if (overdue > 0) {
    return entry.status === 'wilting' ? entry : { ...entry, status: 'wilting', growthStage: Math.max(entry.growthStage - 1, 0) };
  }
  // Back on time (the due date moved, or was removed): healthy again, at the stage it has.
  return entry.status === 'healthy' ? entry : { ...entry, status: 'healthy' };
}

/**
 * Nothing while vacation mode is on. Otherwise re-checks every task-sourced tree whose task exists and is not in
 * the finished column: overdue by more than 2 days (vacation days left out) → dead at stage 0; by 1 or 2 days →
 * wilting, one stage lower (not below 0); otherwise healthy. Trees of
 * missing or finished tasks, and trees of other sources, are left alone. Returns `data` itself when nothing
 * changes, so the periodic re-check of an unchanged garden neither saves nor re-renders.
 */
export function reevaluateGarden(data: StudioData, now: Date): StudioData {
  // Vacation mode: the trees rest as they are.
  if (onVacation(data.gamification)) return data;
  const { vacation } = data.gamification;
  const { items } = data.kanbanBoard;
  let finished: Set<string> | undefined;
  let changed = false;
  const garden = data.garden.map((entry) => {
    if (entry.sourceType !== 'task' || !Object.hasOwn(items, entry.sourceId)) return entry;
    finished ??= finishedTaskIds(data.kanbanBoard);
    const task = items[entry.sourceId];
    if (task === undefined || finished.has(entry.sourceId)) return entry;
    const next = reevaluateTree(entry, daysOverdue(task, now, vacation));
    if (next !== entry) changed = true;
    return next;
  });
  return changed ? { ...data, garden } : data;
}

/** The Garden's re-check as a command, so the store applies (and replays) it like any change. Not destructive. */
export const reevaluateGardenCommand = defineCommand<Record<string, never>>(
  'reevaluateGarden',
  (data, _input, now) => reevaluateGarden(data, now),
);

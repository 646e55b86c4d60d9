import { isFinishedColumn } from '../workspace/column-roles.ts';
import { calendarDaysBetween, localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';
import type { KanbanBoard, KanbanItem, Project, StudioData } from '../workspace/model.ts';
import { shallowEqualArrays } from '../workspace/selectors.ts';
import { DASHBOARD_LIST_LIMIT } from './dashboard-selectors.ts';

// Upcoming Deadlines (docs/product.md, Dashboard; decision 044): projects and kanban tasks due in the future,
// soonest first, at most five. What "due" means depends on what was stored:
// - a calendar date ('YYYY-MM-DD': every task, and a project whose data holds one) names a whole day of the user's
//   own calendar, so it falls due when that local day ends: a task due today is still upcoming until midnight;
// - the project form stores the picked day as that day's local midnight (docs/product.md, Projects): a date-time
//   at local midnight is read as that whole day too, so a project due today reads 'today' until midnight;
// - any other date-time (older or imported data) is an instant: due earlier today is past, due exactly now is no
//   longer in the future.
// Completed projects and tasks in a column titled 'finished' have no deadline left to meet and are left out.

export type DeadlineKind = 'project' | 'task';

export interface Deadline {
  readonly kind: DeadlineKind;
  readonly id: string;
  /** The project's name or the task's title. */
  readonly title: string;
  /** True when a whole calendar day is due (a stored calendar date); false for an instant. */
  readonly allDay: boolean;
  /** The user's local calendar day it is due on, 'YYYY-MM-DD'. */
  readonly day: string;
  /** When it falls due, in ms since the epoch: the instant, or the local midnight that ends `day`. */
  readonly dueAt: number;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The local midnight that ends a 'YYYY-MM-DD' day (the start of the next one, in the user's time zone). */
export function endOfLocalDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(0);
  // setFullYear, not the constructor: the constructor reads years 0-99 as 1900-1999.
  end.setFullYear(year, month - 1, date + 1);
  end.setHours(0, 0, 0, 0);
  return end.getTime();
}

const isLocalMidnight = (date: Date): boolean =>
  date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;

/** A stored due date as a deadline's timing, or null when it cannot be read. */
export function deadlineTiming(dueDate: string, kind: DeadlineKind): Pick<Deadline, 'allDay' | 'day' | 'dueAt'> | null {
  if (Number.isNaN(Date.parse(dueDate))) return null;
  // A task's due date is a calendar day even when older data stored it as a date-time (its local day counts).
  if (kind === 'task' || CALENDAR_DATE.test(dueDate) || isLocalMidnight(new Date(Date.parse(dueDate)))) {
    const day = localCalendarDay(dueDate);
    return { allDay: true, day, dueAt: endOfLocalDay(day) };
  }
  const dueAt = Date.parse(dueDate);
  return { allDay: false, day: toLocalIsoDate(new Date(dueAt)), dueAt };
}

// One Deadline object per source object and due date, so an unchanged project or task gives the same entry and
// the list compares equal by identity (the time zone is part of the key: `day` and `dueAt` depend on it).
const deadlineBySource = new WeakMap<Project | KanbanItem, { key: string; deadline: Deadline | null }>();

function deadlineOf(source: Project | KanbanItem, kind: DeadlineKind, zone: string): Deadline | null {
  const dueDate = source.dueDate;
  if (dueDate === undefined) return null;
  const title = kind === 'project' ? (source as Project).name : (source as KanbanItem).content;
  const key = `${dueDate}|${title}|${zone}`;
  const cached = deadlineBySource.get(source);
  if (cached?.key === key) return cached.deadline;
  const timing = deadlineTiming(dueDate, kind);
  const deadline = timing ? { kind, id: source.id, title, ...timing } : null;
  deadlineBySource.set(source, { key, deadline });
  return deadline;
}

/** Tasks in board order (columns left to right, each top to bottom), without those in a finished column. */
function openTasks(board: KanbanBoard): KanbanItem[] {
  return board.columns
    .filter((column) => !isFinishedColumn(column))
    .flatMap((column) => column.itemIds.flatMap((id) => (Object.hasOwn(board.items, id) ? (board.items[id] ?? []) : [])));
}

/**
 * Projects and tasks due after `now`, soonest first, at most `limit`. Equal times: projects before tasks, then
 * each in stored order (projects as listed, tasks in board order).
 */
export function upcomingDeadlines(data: StudioData, now: Date, limit = DASHBOARD_LIST_LIMIT): Deadline[] {
  const from = now.getTime();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const candidates = [
    ...data.projects.filter((project) => project.status !== 'completed').map((project) => deadlineOf(project, 'project', zone)),
    ...openTasks(data.kanbanBoard).map((task) => deadlineOf(task, 'task', zone)),
  ];
  return candidates
    .flatMap((deadline, index) => (deadline && deadline.dueAt > from ? [{ deadline, index }] : []))
    .sort((a, b) => a.deadline.dueAt - b.deadline.dueAt || a.index - b.index)
    .slice(0, limit)
    .map(({ deadline }) => deadline);
}

let upcomingCache: { projects: Project[]; board: KanbanBoard; from: number; list: Deadline[] } | undefined;

/** upcomingDeadlines, memoised: the same list while the projects, the board and `now` are unchanged, or while the
 * entries are the same ones (`now` moves every minute; the list rarely does). */
export function selectUpcomingDeadlines(data: StudioData, now: Date): Deadline[] {
  const { projects, kanbanBoard: board } = data;
  const from = now.getTime();
  const cached = upcomingCache;
  if (cached && cached.projects === projects && cached.board === board && cached.from === from) return cached.list;
  const list = upcomingDeadlines(data, now);
  upcomingCache = { projects, board, from, list: cached && shallowEqualArrays(cached.list, list) ? cached.list : list };
  return upcomingCache.list;
}

/**
 * Whole calendar days from the user's today to the day a deadline falls due (0: today, 1: tomorrow), for an
 * all-day deadline's relative time ('in 3 days'); an instant's is measured from `now` itself.
 */
export const daysUntil = (deadline: Pick<Deadline, 'day'>, now: Date): number => calendarDaysBetween(toLocalIsoDate(now), deadline.day);

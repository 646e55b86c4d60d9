import { priorityOf } from '../kanban/task-fields.ts';
import { isFinishedColumn } from '../workspace/column-roles.ts';
import { localCalendarDay } from '../workspace/iso-date.ts';
import type { KanbanBoard, Priority, Project, ProjectStatus, StudioData } from '../workspace/model.ts';
import { monthOfDay, type MonthKey } from './month-grid.ts';

// What the calendar shows on each day (docs/product.md, Calendar): projects and kanban tasks with a due date, on
// the user's local calendar day of that date. A task's due date is a calendar day and shows on that day in every
// time zone; a project's is a date-time (what the project modal stores) and shows on the local day of that
// instant. A stored date that cannot be read is left out rather than shown on a wrong day.

interface ItemBase {
  id: string;
  title: string;
  /** The local calendar day it is due, 'YYYY-MM-DD'. */
  day: string;
  description: string;
  /** A completed project; a task in a column titled 'finished'. */
  done: boolean;
}

export interface ProjectItem extends ItemBase {
  kind: 'project';
  status: ProjectStatus;
}

export interface TaskItem extends ItemBase {
  kind: 'task';
  priority: Priority;
  /** The title of the column holding the task; null for a task no column lists. */
  columnTitle: string | null;
}

export type CalendarItem = ProjectItem | TaskItem;
export type CalendarItemKind = CalendarItem['kind'];

export interface CalendarIndex {
  /** Every dated item, in calendar order (by day, then as a day lists them). */
  items: readonly CalendarItem[];
  /** A day's items: open before done, projects before tasks, projects by name, tasks in board order. */
  byDay: ReadonlyMap<string, readonly CalendarItem[]>;
  /** The days that have items, ascending. */
  days: readonly string[];
}

function dueDay(dueDate: string | undefined): string | null {
  if (dueDate === undefined) return null;
  const day = localCalendarDay(dueDate);
  // A date-time that the model accepted can still give an invalid Date in a strange zone or range.
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

function projectItems(projects: readonly Project[]): ProjectItem[] {
  return projects.flatMap((project) => {
    const day = dueDay(project.dueDate);
    if (day === null) return [];
    return [{
      kind: 'project', id: project.id, title: project.name, day, description: project.description,
      done: project.status === 'completed', status: project.status,
    }];
  });
}

function taskItems(board: KanbanBoard): TaskItem[] {
  const items: TaskItem[] = [];
  const listed = new Set<string>();
  const add = (id: string, columnTitle: string | null, done: boolean) => {
    const task = board.items[id];
    if (!task || listed.has(id)) return;
    listed.add(id);
    const day = dueDay(task.dueDate);
    if (day === null) return;
    items.push({
      kind: 'task', id, title: task.content, day, description: task.description, done, priority: priorityOf(task), columnTitle,
    });
  };
  // Board order: columns left to right, each top to bottom; then any task no column lists.
  for (const column of board.columns) for (const id of column.itemIds) add(id, column.title, isFinishedColumn(column));
  for (const id of Object.keys(board.items)) add(id, null, false);
  return items;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The order of a day's items (see CalendarIndex.byDay); `boardOrder` ranks tasks. */
function compareItems(boardOrder: ReadonlyMap<string, number>) {
  return (a: CalendarItem, b: CalendarItem): number => {
    if (a.done !== b.done) return a.done ? 1 : -1;
    if (a.kind !== b.kind) return a.kind === 'project' ? -1 : 1;
    if (a.kind === 'project') return collator.compare(a.title, b.title) || a.id.localeCompare(b.id);
    return (boardOrder.get(a.id) ?? 0) - (boardOrder.get(b.id) ?? 0);
  };
}

/** The calendar's items from a workspace's projects and board. */
export function buildCalendarIndex(projects: readonly Project[], board: KanbanBoard): CalendarIndex {
  const tasks = taskItems(board);
  const boardOrder = new Map(tasks.map((task, index) => [task.id, index]));
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of [...projectItems(projects), ...tasks]) {
    const list = byDay.get(item.day);
    if (list) list.push(item);
    else byDay.set(item.day, [item]);
  }
  const compare = compareItems(boardOrder);
  for (const list of byDay.values()) list.sort(compare);
  const days = [...byDay.keys()].sort();
  return { items: days.flatMap((day) => byDay.get(day) ?? []), byDay, days };
}

// Cached per projects list and board object, which a command replaces only when it changes them (so the screen
// re-renders only then). The local day of a project's date-time depends on the time zone the index was built in.
const indexCache = new WeakMap<readonly Project[], WeakMap<KanbanBoard, CalendarIndex>>();

export function selectCalendarIndex(data: StudioData): CalendarIndex {
  let byBoard = indexCache.get(data.projects);
  if (!byBoard) {
    byBoard = new WeakMap();
    indexCache.set(data.projects, byBoard);
  }
  let index = byBoard.get(data.kanbanBoard);
  if (!index) {
    index = buildCalendarIndex(data.projects, data.kanbanBoard);
    byBoard.set(data.kanbanBoard, index);
  }
  return index;
}

const NO_ITEMS: readonly CalendarItem[] = [];

export const itemsOnDay = (index: CalendarIndex, day: string): readonly CalendarItem[] => index.byDay.get(day) ?? NO_ITEMS;

/** How many items are due on the days of `month` (not on the neighbouring days its grid also draws). */
export function countItemsInMonth(index: CalendarIndex, month: MonthKey): number {
  let count = 0;
  for (const day of index.days) if (monthOfDay(day) === month) count += index.byDay.get(day)?.length ?? 0;
  return count;
}

export interface NearbyItems {
  /** The last day with items before the month, or null. */
  previous: string | null;
  /** The first day with items after the month, or null. */
  next: string | null;
}

/** Where the nearest items are when a month has none: the empty month offers a jump to them. */
export function nearestItemDays(index: CalendarIndex, month: MonthKey): NearbyItems {
  let previous: string | null = null;
  let next: string | null = null;
  for (const day of index.days) {
    const dayMonth = monthOfDay(day);
    if (dayMonth < month) previous = day;
    else if (dayMonth > month && next === null) next = day;
  }
  return { previous, next };
}

export interface CellItems {
  shown: readonly CalendarItem[];
  /** How many more the '+N more' control reveals; 0 when every item is shown. */
  more: number;
}

/**
 * The items a day cell draws when it has room for `capacity` lines: all of them when they fit, otherwise
 * `capacity - 1` and a '+N more' line, so a busy day never grows its row.
 */
export function cellItems(items: readonly CalendarItem[], capacity: number): CellItems {
  const lines = Math.max(1, Math.floor(capacity));
  if (items.length <= lines) return { shown: items, more: 0 };
  const shown = items.slice(0, lines - 1);
  return { shown, more: items.length - shown.length };
}

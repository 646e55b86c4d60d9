import { levelProgress, type LevelProgress } from '../gamification/levels.ts';
import { isToDoColumn } from '../workspace/column-roles.ts';
import type { Gamification, KanbanColumn, KanbanItem, Page, Project, StudioData } from '../workspace/model.ts';
import { shallowEqualArrays } from '../workspace/selectors.ts';

// What the Dashboard reads (docs/product.md, Dashboard): four counts, the head of the to-do column, the newest
// projects and pages, and the garden's level, score and streak. Memoised on the objects they read, like
// workspace/selectors.ts: unchanged data gives the same result object, so a card re-renders only when its part
// changes. Upcoming deadlines: upcoming-deadlines.ts.

/** Every dashboard list shows at most this many entries. */
export const DASHBOARD_LIST_LIMIT = 5;

// --- Stat cards -----------------------------------------------------------------------------------------

export interface DashboardStats {
  /** Projects whose status is active. */
  readonly activeProjects: number;
  /** Every task on the board, in any column. */
  readonly kanbanTasks: number;
  /** Every page, root pages and subpages alike. */
  readonly totalPages: number;
  /** Projects whose status is completed. */
  readonly completedProjects: number;
}

let statsCache: { projects: Project[]; items: Record<string, KanbanItem>; pages: Page[]; stats: DashboardStats } | undefined;

export function selectDashboardStats(data: StudioData): DashboardStats {
  const { projects, pages } = data;
  const { items } = data.kanbanBoard;
  if (statsCache && statsCache.projects === projects && statsCache.items === items && statsCache.pages === pages) return statsCache.stats;
  let activeProjects = 0;
  let completedProjects = 0;
  for (const project of projects) {
    if (project.status === 'active') activeProjects += 1;
    else if (project.status === 'completed') completedProjects += 1;
  }
  const stats: DashboardStats = { activeProjects, kanbanTasks: Object.keys(items).length, totalPages: pages.length, completedProjects };
  const previous = statsCache?.stats;
  const same = previous !== undefined && (Object.keys(stats) as (keyof DashboardStats)[]).every((key) => previous[key] === stats[key]);
  statsCache = { projects, items, pages, stats: same ? previous : stats };
  return statsCache.stats;
}

// --- Kanban To-Do ---------------------------------------------------------------------------------------

export interface ToDoPreview {
  /** The first column titled 'to-do' (trimmed, case-insensitive); null when the board has none. */
  readonly column: Pick<KanbanColumn, 'id' | 'title'> | null;
  /** Its first tasks, in board order, at most DASHBOARD_LIST_LIMIT. */
  readonly tasks: readonly KanbanItem[];
  /** How many tasks the column holds (an id whose task is missing is not one). */
  readonly total: number;
}

const NO_TO_DO_COLUMN: ToDoPreview = { column: null, tasks: [], total: 0 };
let toDoCache: { columns: KanbanColumn[]; items: Record<string, KanbanItem>; preview: ToDoPreview } | undefined;

export function selectToDoPreview(data: StudioData): ToDoPreview {
  const { columns, items } = data.kanbanBoard;
  if (toDoCache && toDoCache.columns === columns && toDoCache.items === items) return toDoCache.preview;
  const column = columns.find(isToDoColumn);
  let preview = NO_TO_DO_COLUMN;
  if (column) {
    const all = column.itemIds.flatMap((id) => (Object.hasOwn(items, id) ? (items[id] ?? []) : []));
    const tasks = all.slice(0, DASHBOARD_LIST_LIMIT);
    const previous = toDoCache?.preview;
    preview = previous?.column?.id === column.id && previous.column.title === column.title && previous.total === all.length
      && shallowEqualArrays(previous.tasks, tasks)
      ? previous
      : { column: { id: column.id, title: column.title }, tasks, total: all.length };
  }
  toDoCache = { columns, items, preview };
  return preview;
}

// --- Recent projects and pages --------------------------------------------------------------------------

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A stored date as a Date: a calendar date ('2026-03-05', as older data may hold) is the start of that day on the
 * user's own calendar (Date.parse would read it as UTC midnight, the day before west of Greenwich); a date-time
 * is its instant. An unreadable value gives an invalid Date.
 */
export function storedDate(value: string): Date {
  if (!CALENDAR_DATE.test(value)) return new Date(value);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setFullYear(year, month - 1, day);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** A creation time to sort by; an unreadable one sorts as the oldest. */
function createdTime(entry: { createdAt: string }): number {
  const time = storedDate(entry.createdAt).getTime();
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * The `limit` newest entries by creation time, newest first. Equal times: the one later in the stored list first,
 * since new projects and pages are added to the end of their list.
 */
export function newestFirst<T extends { createdAt: string }>(list: readonly T[], limit = DASHBOARD_LIST_LIMIT): T[] {
  return list
    .map((entry, index) => ({ entry, index, time: createdTime(entry) }))
    .sort((a, b) => (a.time === b.time ? b.index - a.index : a.time > b.time ? -1 : 1))
    .slice(0, limit)
    .map(({ entry }) => entry);
}

function newestCached<T extends { createdAt: string }>(): (list: T[]) => T[] {
  let last: { list: T[]; newest: T[] } | undefined;
  return (list) => {
    if (last?.list === list) return last.newest;
    const newest = newestFirst(list);
    last = { list, newest: last && shallowEqualArrays(last.newest, newest) ? last.newest : newest };
    return last.newest;
  };
}

const recentProjects = newestCached<Project>();
const recentPages = newestCached<Page>();

/** Recent Projects: the 5 newest by creation. */
export const selectRecentProjects = (data: StudioData): Project[] => recentProjects(data.projects);

/** Recent Pages: the 5 newest by creation, subpages included. */
export const selectRecentPages = (data: StudioData): Page[] => recentPages(data.pages);

// --- Garden card ----------------------------------------------------------------------------------------

export interface GardenSummary extends LevelProgress {
  readonly score: number;
  /** Days in a row with a completed task. */
  readonly streak: number;
}

const gardenCache = new WeakMap<Gamification, GardenSummary>();

/** The garden card's level (with the bar towards the next one, as the Garden shows it), score and streak. */
export function selectGardenSummary(data: StudioData): GardenSummary {
  const { gamification } = data;
  const cached = gardenCache.get(gamification);
  if (cached) return cached;
  const summary = { ...levelProgress(gamification), score: gamification.score, streak: gamification.streak };
  gardenCache.set(gamification, summary);
  return summary;
}

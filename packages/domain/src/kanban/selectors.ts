import { columnTitleKey, FINISHED_TITLE, isToDoColumn, TO_DO_TITLE } from '../workspace/column-roles.ts';
import { localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';
import type { KanbanColumn, KanbanItem, Priority, StudioData } from '../workspace/model.ts';
import { priorityOf } from './task-fields.ts';

// What the board screen reads beyond workspace/selectors.ts: the column colours (by title, as the roles in
// workspace/column-roles.ts), the filter bar and the overdue check (docs/product.md, Kanban board).

export type ColumnColour = 'blue' | 'yellow' | 'purple' | 'green' | 'neutral';

const COLUMN_COLOURS: Readonly<Record<string, ColumnColour>> = {
  [TO_DO_TITLE]: 'blue',
  'in progress': 'yellow',
  'under review': 'purple',
  [FINISHED_TITLE]: 'green',
};

/** The colour of a column's dot, by its title; a column the user added or renamed is neutral. */
export function columnColour(column: Pick<KanbanColumn, 'title'>): ColumnColour {
  const key = columnTitleKey(column);
  return Object.hasOwn(COLUMN_COLOURS, key) ? (COLUMN_COLOURS[key] as ColumnColour) : 'neutral';
}

export type PriorityColour = 'red' | 'yellow' | 'blue';

const PRIORITY_COLOURS: Readonly<Record<Priority, PriorityColour>> = { high: 'red', medium: 'yellow', low: 'blue' };

/** High red, medium yellow, low blue; a missing priority is medium. */
export const priorityColour = (task: Pick<KanbanItem, 'priority'>): PriorityColour => PRIORITY_COLOURS[priorityOf(task)];

/** The column that 'Create Task' in the header fills: the to-do column, else the first; none on a board without columns. */
export function defaultTaskColumn(columns: readonly KanbanColumn[]): KanbanColumn | undefined {
  return columns.find(isToDoColumn) ?? columns[0];
}

// --- Filter bar -----------------------------------------------------------------------------------------

export interface TaskFilter {
  /** Searched in the title, description and tags, case-insensitively; blank matches every task. */
  readonly text?: string;
  /** 'all' or missing matches every priority. */
  readonly priority?: Priority | 'all';
  /** One tag, compared case-insensitively; blank or missing matches every task. */
  readonly tag?: string;
}

export function isFilterActive(filter: TaskFilter): boolean {
  return (filter.text ?? '').trim() !== '' || (filter.priority ?? 'all') !== 'all' || (filter.tag ?? '').trim() !== '';
}

export function taskMatchesFilter(task: KanbanItem, filter: TaskFilter): boolean {
  const priority = filter.priority ?? 'all';
  if (priority !== 'all' && priorityOf(task) !== priority) return false;
  const tag = (filter.tag ?? '').trim().toLowerCase();
  if (tag !== '' && !task.tags.some((own) => own.trim().toLowerCase() === tag)) return false;
  const text = (filter.text ?? '').trim().toLowerCase();
  if (text === '') return true;
  return [task.content, task.description, ...task.tags].some((field) => field.toLowerCase().includes(text));
}

const tagsCache = new WeakMap<Record<string, KanbanItem>, string[]>();

/** Every tag on the board once, sorted, for the filter bar's tag choice; the same list while no task changes. */
export function selectAllTags(data: StudioData): string[] {
  const { items } = data.kanbanBoard;
  const cached = tagsCache.get(items);
  if (cached) return cached;
  const tags = [...new Set(Object.values(items).flatMap((task) => task.tags))].sort((a, b) => a.localeCompare(b));
  tagsCache.set(items, tags);
  return tags;
}

// --- Due dates ------------------------------------------------------------------------------------------

/** Due on a day before today, on the user's calendar (a stored calendar date is that day): a task due today is not overdue yet. */
export function isOverdue(task: Pick<KanbanItem, 'dueDate'>, now: Date): boolean {
  return task.dueDate !== undefined && localCalendarDay(task.dueDate) < toLocalIsoDate(now);
}

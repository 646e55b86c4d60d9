import type { Gamification, KanbanColumn, KanbanItem, Page, StudioData } from './model.ts';

// Selectors: what a screen reads from the workspace. Commands replace only the objects they change, so a
// selector that returns the same object (or, memoised here, the same list) for unchanged data lets a screen
// re-render only what changed (the web app's useWorkspaceSelector compares results).

/** Same length and the same elements (by identity). */
export function shallowEqualArrays<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((value, index) => Object.is(value, b[index])));
}

/** Derived data cached per source object (a list or record the data holds), recomputed when it is replaced. */
function cachedBy<Source extends object, Result>(derive: (source: Source) => Result): (source: Source) => Result {
  const cache = new WeakMap<Source, Result>();
  return (source) => {
    if (cache.has(source)) return cache.get(source) as Result;
    const result = derive(source);
    cache.set(source, result);
    return result;
  };
}

// --- Kanban ---------------------------------------------------------------------------------------------

export const selectColumns = (data: StudioData): KanbanColumn[] => data.kanbanBoard.columns;

export const selectTask = (data: StudioData, taskId: string): KanbanItem | undefined => data.kanbanBoard.items[taskId];

export const selectColumn = (data: StudioData, columnId: string): KanbanColumn | undefined =>
  data.kanbanBoard.columns.find((column) => column.id === columnId);

const columnIdByTask = cachedBy((columns: KanbanColumn[]) => {
  const index = new Map<string, string>();
  for (const column of columns) for (const id of column.itemIds) index.set(id, column.id);
  return index;
});

export const selectColumnIdOfTask = (data: StudioData, taskId: string): string | undefined =>
  columnIdByTask(data.kanbanBoard.columns).get(taskId);

const columnTasksCache = new WeakMap<KanbanColumn, KanbanItem[]>();

/** A column's tasks in order; the same list while neither the column nor any of its tasks changed. */
export function selectColumnTasks(data: StudioData, columnId: string): KanbanItem[] {
  const column = selectColumn(data, columnId);
  if (!column) return [];
  const { items } = data.kanbanBoard;
  const tasks = column.itemIds.flatMap((id) => items[id] ?? []);
  const previous = columnTasksCache.get(column);
  if (previous && shallowEqualArrays(previous, tasks)) return previous;
  columnTasksCache.set(column, tasks);
  return tasks;
}

const taskCount = cachedBy((items: Record<string, KanbanItem>) => Object.keys(items).length);

export const selectTaskCount = (data: StudioData): number => taskCount(data.kanbanBoard.items);

// --- Pages ----------------------------------------------------------------------------------------------

const pageIndex = cachedBy((pages: Page[]) => {
  const byId = new Map<string, Page>();
  const byParent = new Map<string | null, Page[]>();
  for (const page of pages) {
    byId.set(page.id, page);
    const siblings = byParent.get(page.parentId);
    if (siblings) siblings.push(page);
    else byParent.set(page.parentId, [page]);
  }
  return { byId, byParent };
});

const NO_PAGES: Page[] = [];

export const selectPage = (data: StudioData, pageId: string): Page | undefined => pageIndex(data.pages).byId.get(pageId);

/** The pages under `parentId` (null: the root pages), in stored order. */
export const selectChildPages = (data: StudioData, parentId: string | null): Page[] =>
  pageIndex(data.pages).byParent.get(parentId) ?? NO_PAGES;

// --- Gamification ---------------------------------------------------------------------------------------

export const selectGamification = (data: StudioData): Gamification => data.gamification;

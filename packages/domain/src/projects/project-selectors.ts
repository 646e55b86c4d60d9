import { localCalendarDay, toLocalIsoDate } from '../workspace/iso-date.ts';
import type { Project, ProjectStatus, StudioData } from '../workspace/model.ts';

// What the projects screen reads (docs/product.md, Projects): the projects newest first, and the search and
// status filter.

export type ProjectStatusFilter = ProjectStatus | 'all';

export interface ProjectFilter {
  /** Searched in the name and description, trimmed and case-insensitive; blank matches every project. */
  readonly text?: string;
  /** 'all' or missing matches every status. */
  readonly status?: ProjectStatusFilter;
}

export const PROJECT_STATUS_FILTERS: readonly ProjectStatusFilter[] = ['all', 'active', 'on-hold', 'completed'];

export function isProjectFilterActive(filter: ProjectFilter): boolean {
  return (filter.text ?? '').trim() !== '' || (filter.status ?? 'all') !== 'all';
}

export function projectMatchesFilter(project: Project, filter: ProjectFilter): boolean {
  const status = filter.status ?? 'all';
  if (status !== 'all' && project.status !== status) return false;
  const text = (filter.text ?? '').trim().toLowerCase();
  return text === '' || project.name.toLowerCase().includes(text) || project.description.toLowerCase().includes(text);
}

const newestFirstCache = new WeakMap<Project[], Project[]>();

/** Every project, newest first (ties keep the stored order); the same list while the projects do not change. */
export function selectProjectsNewestFirst(data: StudioData): Project[] {
  const cached = newestFirstCache.get(data.projects);
  if (cached) return cached;
  const sorted = data.projects
    .map((project, index) => {
      const time = Date.parse(project.createdAt);
      return { project, index, time: Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time };
    })
    // Two unreadable dates give NaN (-Infinity minus itself): then, like equal times, the stored order.
    .sort((a, b) => (b.time - a.time) || a.index - b.index)
    .map(({ project }) => project);
  newestFirstCache.set(data.projects, sorted);
  return sorted;
}

/** Due on a day before today (on the user's calendar) and not completed: the card marks it overdue. */
export function isProjectOverdue(project: Pick<Project, 'dueDate' | 'status'>, now: Date): boolean {
  return project.dueDate !== undefined && project.status !== 'completed' && localCalendarDay(project.dueDate) < toLocalIsoDate(now);
}

export const selectProject = (data: StudioData, id: string): Project | undefined => data.projects.find((project) => project.id === id);

import { APP_PATHS } from '@/lib/paths.ts';

// Where the dashboard's entries and create links lead (docs/product.md, Dashboard). The board, projects and pages
// screens open the item or the create dialog these addresses name.

export const NEW_TASK_LINK = `${APP_PATHS.kanban}?new=1`;
export const NEW_PROJECT_LINK = `${APP_PATHS.projects}?new=1`;
/** Pages are created on the pages screen itself (its New page button). */
export const NEW_PAGE_LINK = APP_PATHS.pages;

export const taskLink = (taskId: string): string => `${APP_PATHS.kanban}?task=${encodeURIComponent(taskId)}`;
export const projectLink = (projectId: string): string => `${APP_PATHS.projects}?edit=${encodeURIComponent(projectId)}`;
export const pageLink = (pageId: string): string => `${APP_PATHS.pages}/${encodeURIComponent(pageId)}`;

import type { CalendarItem } from '@grove/domain/calendar/calendar-items';
import { APP_PATHS } from '@/lib/paths.ts';

// Where an item opens from the calendar (docs/product.md, Calendar): the screen where it is edited, with its
// edit modal open. The projects screen reads `?edit=<projectId>`, the board `?task=<taskId>`.

export function itemHref(item: Pick<CalendarItem, 'kind' | 'id'>): string {
  const id = encodeURIComponent(item.id);
  return item.kind === 'project' ? `${APP_PATHS.projects}?edit=${id}` : `${APP_PATHS.kanban}?task=${id}`;
}

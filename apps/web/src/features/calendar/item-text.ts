import type { CalendarItem } from '@grove/domain/calendar/calendar-items';
import type { TFunction } from 'i18next';

// An item's words, shared by the screen and the .ics file.

/** Its name for screen readers: 'Project: Launch', 'Task: Write (done)'. */
export const itemLabel = (t: TFunction, item: CalendarItem): string =>
  t(item.done ? 'calendar.item.labelDone' : 'calendar.item.label', { kind: t(`calendar.kind.${item.kind}`), title: item.title });

/** Its kind and state: 'Project · On Hold', 'Task · In progress' (the column), 'Task · Done'. */
export function itemMeta(t: TFunction, item: CalendarItem): string {
  const kind = t(`calendar.kind.${item.kind}`);
  const state = item.kind === 'project'
    ? t(`calendar.status.${item.status}`)
    : item.done ? t('calendar.status.done') : item.columnTitle;
  return state ? t('calendar.item.meta', { kind, detail: state }) : kind;
}

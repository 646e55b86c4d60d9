import { localCalendarDay } from '@grove/domain/workspace/iso-date';
import { format } from 'date-fns';

/** A stored due date as the user's calendar day (a Date at local midnight). */
export function dueDay(dueDate: string): Date {
  const [year, month, day] = localCalendarDay(dueDate).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** 'Mar 5', as kanban cards show due dates (docs/product.md, Texts, formats and themes). */
export const dueDateLabel = (dueDate: string): string => format(dueDay(dueDate), 'MMM d');

/** The due date for the modal's date input ('YYYY-MM-DD'); none: ''. */
export const dueDateInputValue = (dueDate: string | undefined): string => (dueDate === undefined ? '' : localCalendarDay(dueDate));

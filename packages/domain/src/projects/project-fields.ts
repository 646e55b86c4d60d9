import { localCalendarDay } from '../workspace/iso-date.ts';
import { MIN_TEAM_SIZE, PROJECT_STATUSES, type ProjectStatus } from '../workspace/model.ts';

// How the project modals' fields become stored values (docs/product.md, Projects): the modal gives text, the
// data keeps numbers and ISO timestamps.

/** Progress as typed: a number 0–100, rounded to a whole percent; anything not a number is 0. */
export function parseProgress(value: string | number): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) return 0;
  return Math.min(100, Math.max(0, Math.round(number)));
}

/** Team size as typed: a whole number, at least 1; empty or not a number is 1. */
export function parseTeamSize(value: string | number): number {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(number)) return MIN_TEAM_SIZE;
  return Math.max(MIN_TEAM_SIZE, Math.floor(number));
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The modal's date ('YYYY-MM-DD', the user's calendar day) as the ISO timestamp projects store: that day's
 * local midnight, so it shows on the same day in this time zone. Empty or not a real date: none.
 */
export function dueDateToIso(value: string | null | undefined): string | undefined {
  const match = CALENDAR_DATE.exec((value ?? '').trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // new Date rolls 2026-02-31 over to March: such a date is not one the user picked.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.toISOString();
}

/** A stored due date for the modal's date input ('YYYY-MM-DD' on the user's calendar); none: ''. */
export const dueDateInputValue = (dueDate: string | undefined): string => (dueDate === undefined ? '' : localCalendarDay(dueDate));

export const isProjectStatus = (value: unknown): value is ProjectStatus => PROJECT_STATUSES.includes(value as ProjectStatus);

/** A name is required: blank after trimming means the modal does nothing. */
export const isBlankName = (name: string): boolean => name.trim() === '';

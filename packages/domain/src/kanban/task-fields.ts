import { isIsoDateString } from '../workspace/iso-date.ts';
import { PRIORITIES, type Priority } from '../workspace/model.ts';

// What the task form gives, made into stored task fields (docs/product.md, Kanban board: tags are
// comma-separated and trimmed; an empty due date means none; a missing priority means medium).

export const DEFAULT_PRIORITY: Priority = 'medium';

/** A title that is empty after trimming: the screen shows 'Task title cannot be empty.' and nothing is stored. */
export function isBlankTitle(title: string): boolean {
  return title.trim() === '';
}

/** Trimmed, empties dropped, and each tag once (the first spelling kept), so a filter by tag finds every task once. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag)) continue;
    seen.add(tag);
    result.push(tag);
  }
  return result;
}

/** The tags field of the task form: 'design, urgent ,, design' → ['design', 'urgent']. */
export function parseTags(text: string): string[] {
  return normaliseTags(text.split(','));
}

/** The form's tags back as the text it was parsed from. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
}

/** A task's priority as shown and filtered: anything missing or unknown reads as medium. */
export function priorityOf(task: { readonly priority?: unknown }): Priority {
  return isPriority(task.priority) ? task.priority : DEFAULT_PRIORITY;
}

/**
 * A due date as stored: the date input's 'YYYY-MM-DD' (or an older date-time) trimmed; empty, missing or not a
 * real date → none (undefined). A date input never gives anything else, so nothing the user chose is lost.
 */
export function normaliseDueDate(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed !== '' && isIsoDateString(trimmed) ? trimmed : undefined;
}

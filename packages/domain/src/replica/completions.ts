import type * as Y from 'yjs';
import { applyCompletion } from '../gamification/complete-task.ts';
import { isFinishedColumn } from '../workspace/column-roles.ts';
import type { Gamification, StudioData } from '../workspace/model.ts';
import { deepEqual } from '../workspace/undo-patch.ts';
import { COMPLETIONS_ROOT, GAMIFICATION_ROOT } from './layout.ts';

// Scores under merge (docs/decisions/061-yjs-merge-engine.md): the document keeps gamification as a base (set
// whole by Clear All, import and restore) plus one event per completion, keyed `taskId#n`, n being how many
// completions of that task were recorded before. Two tabs completing one task at once write the same key, so it
// counts once; two tabs completing two tasks write two keys, so both count. The projection folds the events over
// the base with the rule of a single completion (gamification/complete-task.ts).

export interface CompletionEvent {
  readonly taskId: string;
  /** The local calendar day of the completion ('YYYY-MM-DD'). */
  readonly day: string;
  /** What the completion earned when it was made (the toast showed it). */
  readonly points: number;
  /** Order of recording: one more than the highest before it in the tab that recorded it. */
  readonly seq: number;
}

function isEvent(value: unknown): value is CompletionEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.taskId === 'string' && typeof event.day === 'string' && typeof event.points === 'number'
    && Number.isFinite(event.points) && typeof event.seq === 'number';
}

/** The events in the order they fold: by sequence, then by key (two tabs' events of one sequence number). */
export function orderedEvents(events: ReadonlyMap<string, unknown>): CompletionEvent[] {
  return [...events.entries()]
    .filter((entry): entry is [string, CompletionEvent] => isEvent(entry[1]))
    .sort(([keyA, a], [keyB, b]) => a.seq - b.seq || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
    .map(([, event]) => event);
}

export function foldCompletions(base: Gamification, events: readonly CompletionEvent[]): Gamification {
  return events.reduce((gamification, event) => applyCompletion(gamification, event.day, event.points), base);
}

/** Tasks that a change brought into a finished column from a column that is not finished: its completions. */
export function completedTasks(before: StudioData, after: StudioData): string[] {
  const finishedBefore = new Map<string, boolean>();
  for (const column of before.kanbanBoard.columns) {
    const finished = isFinishedColumn(column);
    for (const id of column.itemIds) finishedBefore.set(id, finished);
  }
  const completed: string[] = [];
  for (const column of after.kanbanBoard.columns) {
    if (!isFinishedColumn(column)) continue;
    for (const id of column.itemIds) if (finishedBefore.get(id) === false) completed.push(id);
  }
  return completed;
}

function completionKeyPrefix(taskId: string): string {
  return `${taskId}#`;
}

/** The gamification of `after` written as one more completion event when it is one, else as a new base. */
export function writeGamification(doc: Y.Doc, before: StudioData | null, after: StudioData): void {
  if (before !== null && before.gamification === after.gamification) return;
  const events = doc.getMap<unknown>(COMPLETIONS_ROOT);
  if (before !== null) {
    const completed = completedTasks(before, after);
    const taskId = completed[0];
    const day = after.gamification.lastCompletedDate;
    const points = after.gamification.score - before.gamification.score;
    if (completed.length === 1 && taskId !== undefined && day !== null
      && deepEqual(applyCompletion(before.gamification, day, points), after.gamification)) {
      const prefix = completionKeyPrefix(taskId);
      let count = 0;
      let seq = 0;
      for (const [key, event] of events.entries()) {
        if (key.startsWith(prefix)) count += 1;
        if (isEvent(event)) seq = Math.max(seq, event.seq);
      }
      const event: CompletionEvent = { taskId, day, points, seq: seq + 1 };
      events.set(`${prefix}${count}`, event);
      return;
    }
  }
  const base = doc.getMap<unknown>(GAMIFICATION_ROOT);
  const next = after.gamification as Record<string, unknown>;
  for (const key of [...base.keys()]) if (!Object.hasOwn(next, key) || next[key] === undefined) base.delete(key);
  for (const [key, value] of Object.entries(next)) {
    if (value !== undefined && !deepEqual(base.get(key), value)) base.set(key, value);
  }
  for (const key of [...events.keys()]) events.delete(key);
}

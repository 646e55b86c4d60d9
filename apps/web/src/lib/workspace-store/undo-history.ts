import type { Patch } from '@grove/domain/workspace/undo-patch';

/** Undo history kept per tab: enough for a long editing session, bounded in memory. */
export const MAX_UNDO_STEPS = 100;

/** One undoable step: a command that changed something. */
export interface HistoryEntry {
  readonly id: number;
  /** The command's name (its label is `commands.<name>` in the locale). */
  readonly name: string;
  readonly destructive: boolean;
  /** What the command changed (packages/domain/src/workspace/undo-patch.ts). */
  readonly patch: Patch;
}

/** The steps that can be undone (newest last) and redone (next last). */
export class UndoHistory {
  private past: HistoryEntry[] = [];
  private future: HistoryEntry[] = [];
  private nextId = 1;

  /** A new step; whatever could be redone is forgotten, as in every editor. */
  record(name: string, destructive: boolean, patch: Patch): HistoryEntry {
    const entry: HistoryEntry = { id: this.nextId++, name, destructive, patch };
    this.past = [...this.past.slice(-(MAX_UNDO_STEPS - 1)), entry];
    this.future = [];
    return entry;
  }

  /** The newest step, or the given one while it can still be undone. */
  toUndo(entryId?: number): HistoryEntry | undefined {
    return entryId === undefined ? this.past.at(-1) : this.past.find((step) => step.id === entryId);
  }

  toRedo(): HistoryEntry | undefined {
    return this.future.at(-1);
  }

  undone(entry: HistoryEntry): void {
    this.past = this.past.filter((step) => step !== entry);
    this.future = [...this.future, entry];
  }

  redone(entry: HistoryEntry): void {
    this.future = this.future.filter((step) => step !== entry);
    this.past = [...this.past, entry];
  }

  get undoName(): string | null {
    return this.past.at(-1)?.name ?? null;
  }

  get redoName(): string | null {
    return this.future.at(-1)?.name ?? null;
  }
}

import type { StudioData } from '@grove/domain/workspace/model';

// What the workspace store (workspace-store.ts) shows and takes: its snapshot, its events and its dependencies.

export type SaveStatus = 'saved' | 'pending' | 'error';

export type UndoResult =
  | { ok: true; name: string }
  /** nothing: no step to undo or redo; conflict: another tab (or a later change) changed the same places since. */
  | { ok: false; reason: 'nothing' | 'conflict' | 'blocked'; name?: string };

export type Blocked =
  /** The stored data was written by a newer Grove: this tab must not write over it. */
  | { reason: 'newer-version'; foundVersion: number; supportedVersion: number }
  /** Unreadable stored data could not be set aside (storage full): saving waits until the user keeps a copy. */
  | { reason: 'recovery-not-kept' };

export interface WorkspaceSnapshot {
  data: StudioData;
  status: SaveStatus;
  blocked: Blocked | null;
  /** Stored text that could not be read in full, held in memory until the user downloads or dismisses it. */
  unkeptRecovery: string | null;
  /** Why the last save failed while status is 'error': browser storage full, or another failure. */
  saveError: 'quota' | 'other' | null;
  /** Names of the commands Ctrl+Z and Ctrl+Shift+Z would undo and redo, or null. */
  undoName: string | null;
  redoName: string | null;
}

export type StoreEvent =
  | { type: 'save-failed'; quota: boolean; error: unknown }
  | { type: 'save-recovered' }
  | { type: 'updated-from-other-tab' }
  | { type: 'repaired'; unreadable: boolean; keptUnder: string | null; details: string[] }
  | { type: 'blocked'; blocked: Blocked };

export interface StoreDeps {
  storage: Storage;
  now?: () => Date;
  /** Milliseconds, for the save throttle. */
  clock?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  onEvent?: (event: StoreEvent) => void;
  /** Identifies this tab's writes in the stored header. */
  writerId?: string;
  /** Runs a timed save under a lock shared by the tabs (Web Locks); flushes on close cannot wait for it. */
  withSaveLock?: (save: () => void) => void;
  /** Keeps this tab's data when another tab's simultaneous save replaced it (a restore point). */
  keepConflictCopy?: (text: string) => void;
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException
    && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

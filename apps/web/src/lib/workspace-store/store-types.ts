import type { StoredParts } from '@grove/domain/replica/stored-workspace';
import type { StudioData } from '@grove/domain/workspace/model';

// What the workspace store (workspace-store.ts) shows and takes: its snapshot, its events and its dependencies.

export type SaveStatus = 'saved' | 'pending' | 'error';

/** One undoable step of this tab: a command that changed something. */
export interface HistoryEntry {
  readonly id: number;
  /** The command's name (its label is `commands.<name>` in the locale). */
  readonly name: string;
  readonly destructive: boolean;
}

/** What tabs of one browser say to each other about the workspace (a BroadcastChannel in the app). */
export type TabMessage =
  /** A transaction of the sending tab (a Yjs update, format v2). */
  | { type: 'update'; update: Uint8Array }
  /** A tab opened: its state vector, so the others send what it lacks. */
  | { type: 'hello'; from: string; vector: Uint8Array }
  /** The reply to a hello: what the new tab lacks, and what the replying tab has (so it gets what it lacks). */
  | { type: 'answer'; to: string; update: Uint8Array; vector: Uint8Array };

export interface TabChannel {
  post(message: TabMessage): void;
  /** Calls `handler` with every message of the other tabs; returns the unsubscribe. */
  listen(handler: (message: TabMessage) => void): () => void;
}

export type UndoResult =
  | { ok: true; name: string }
  /** nothing: no step of this tab since the page opened; conflict: the step's changes are gone (another tab removed them). */
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
  /** The other tabs of this browser; without it, tabs merge through the storage event. */
  channel?: TabChannel;
  /** Called with the workspace as it is before each change (the day's first one keeps a daily restore point). */
  beforeChange?: (data: StudioData) => void;
  /** Keeps the stored text of an earlier format as the "Before upgrade" restore point; saves wait for it. */
  keepUpgradeCopy?: (text: string) => Promise<unknown>;
  /**
   * Encodes stored parts whole off the main thread (a worker): the fold of a long log then costs a save no more than
   * appending to it. Without it the store folds on the main thread.
   */
  foldInBackground?: (parts: StoredParts) => Promise<string>;
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException
    && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

import { loadWorkspace, type LoadResult } from '@grove/domain/workspace/load';
import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope, CURRENT_SCHEMA_VERSION } from '@grove/domain/workspace/schema-version';
import { isNewerSchema, readStoredHeader } from './stored-header.ts';

// The one store of the workspace (DECISIONS.md, 'Local-first data safety'): every change is a named command
// applied in memory at once; saves are coalesced, checked, and never write over newer data of another tab.

export const WORKSPACE_KEY = 'grove-data';
/** Prefix of the keys under which unreadable or repaired stored data is kept, never dropped. */
export const RECOVERY_KEY_PREFIX = 'grove-data-unreadable-';
/** First save this long after a change, then at most one save per interval while changes keep coming. */
export const SAVE_DELAY_MS = 250;
export const SAVE_INTERVAL_MS = 1000;

export type Command = (data: StudioData) => StudioData;
export type SaveStatus = 'saved' | 'pending' | 'error';

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
}

export function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException
    && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: loadWorkspace reports a string as unreadable, and the text itself is kept aside.
    return text;
  }
}

export class WorkspaceStore {
  private readonly storage: Storage;
  private readonly now: () => Date;
  private readonly clock: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly eventListeners = new Set<(event: StoreEvent) => void>();
  /** Events raised before anyone listened (while loading): handed to the first listener. */
  private bufferedEvents: StoreEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private snapshot: WorkspaceSnapshot;
  private revision = 0;
  /** Commands applied since the last successful save: replayed over newer data from another tab. */
  private pending: Command[] = [];
  private timer: unknown = null;
  private lastSaveAt = Number.NEGATIVE_INFINITY;

  constructor(deps: StoreDeps) {
    this.storage = deps.storage;
    this.now = deps.now ?? (() => new Date());
    this.clock = deps.clock ?? (() => Date.now());
    this.setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    if (deps.onEvent) this.eventListeners.add(deps.onEvent);
    this.snapshot = this.load();
  }

  getSnapshot = (): WorkspaceSnapshot => this.snapshot;

  /** Listens to what the user must be told (failed saves, repairs); gets any event raised before it came. */
  addEventListener = (listener: (event: StoreEvent) => void): (() => void) => {
    this.eventListeners.add(listener);
    const buffered = this.bufferedEvents;
    this.bufferedEvents = [];
    for (const event of buffered) listener(event);
    return () => this.eventListeners.delete(listener);
  };

  private emitEvent(event: StoreEvent): void {
    if (this.eventListeners.size === 0) this.bufferedEvents.push(event);
    for (const listener of this.eventListeners) listener(event);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies a command in memory at once and schedules a save. */
  apply = (command: Command): void => {
    const data = command(this.snapshot.data);
    if (data === this.snapshot.data) return;
    this.pending.push(command);
    this.update({ data, status: this.snapshot.status === 'error' ? 'error' : 'pending' });
    this.schedule();
  };

  /** Replaces the whole workspace (import, clear, restore) as one command. */
  replaceAll = (data: StudioData): void => {
    this.apply(() => data);
  };

  /** Saves now if anything is unsaved (tab hidden or closing, or the user's retry). Returns true when stored. */
  flush = (): boolean => {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    return this.save();
  };

  /** Another tab wrote: follow it when it is newer, keeping this tab's unsaved commands on top. */
  handleStorageChange = (key: string | null, newValue: string | null): void => {
    if (key !== WORKSPACE_KEY || newValue === null) return;
    const header = readStoredHeader(newValue);
    if (header && isNewerSchema(header)) {
      this.block({ reason: 'newer-version', foundVersion: header.schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION });
      return;
    }
    if (header && header.revision <= this.revision) return;
    if (this.adopt(newValue)) {
      this.emitEvent({ type: 'updated-from-other-tab' });
      if (this.pending.length > 0) this.schedule();
    }
  };

  /** The user has a copy of the unreadable data (downloaded) or gave it up: saving may go on. */
  releaseRecovery = (): void => {
    if (this.snapshot.blocked?.reason !== 'recovery-not-kept') return;
    this.update({ blocked: null, unkeptRecovery: null });
    this.pending.push((data) => data);
    this.schedule();
  };

  dispose = (): void => {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.listeners.clear();
  };

  private load(): WorkspaceSnapshot {
    let text: string | null = null;
    try {
      text = this.storage.getItem(WORKSPACE_KEY);
    } catch (error) {
      console.error('Could not read the workspace from local storage.', error);
    }
    const result = loadWorkspace(text === null ? undefined : parseStored(text), this.now());
    if (!result.ok) {
      const blocked: Blocked = { reason: 'newer-version', foundVersion: result.foundVersion, supportedVersion: result.supportedVersion };
      const fallback = loadWorkspace(undefined, this.now()) as Extract<LoadResult, { ok: true }>;
      this.emitEvent({ type: 'blocked', blocked });
      return { data: fallback.data, status: 'saved', blocked, unkeptRecovery: null };
    }
    this.revision = result.revision;
    if (result.repairs.length > 0) console.warn('Workspace data repaired on load:', result.repairs);
    if (!result.lossy || text === null) return { data: result.data, status: 'saved', blocked: null, unkeptRecovery: null };

    // Something stored could not be read as it was: keep the raw text before anything writes over it, then
    // save the repaired workspace at once so the next load does not find (and keep) the same text again.
    const keptUnder = `${RECOVERY_KEY_PREFIX}${this.now().toISOString()}`;
    let kept = true;
    try {
      this.storage.setItem(keptUnder, text);
    } catch (error) {
      kept = false;
      console.error('Could not keep the unreadable workspace data aside.', error);
    }
    const details = result.repairs.map((repair) => `${repair.section}: ${repair.message}`);
    this.emitEvent({ type: 'repaired', unreadable: result.source === 'unreadable', keptUnder: kept ? keptUnder : null, details });
    if (kept) {
      this.pending.push((data) => data);
      queueMicrotask(() => this.schedule());
    }
    return {
      data: result.data,
      status: 'saved',
      blocked: kept ? null : { reason: 'recovery-not-kept' },
      unkeptRecovery: kept ? null : text,
    };
  }

  private schedule(): void {
    if (this.timer !== null || this.snapshot.blocked) return;
    const delay = Math.max(SAVE_DELAY_MS, this.lastSaveAt + SAVE_INTERVAL_MS - this.clock());
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.save();
    }, delay);
  }

  private save(): boolean {
    if (this.pending.length === 0) return this.snapshot.status !== 'error';
    if (this.snapshot.blocked) return false;
    try {
      const stored = this.storage.getItem(WORKSPACE_KEY);
      const header = readStoredHeader(stored);
      if (header && isNewerSchema(header)) {
        this.block({ reason: 'newer-version', foundVersion: header.schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION });
        return false;
      }
      // Another tab saved since we last read: take its data and put our unsaved commands on top.
      if (header && header.revision > this.revision && stored !== null && !this.adopt(stored)) return false;
      const text = JSON.stringify(createEnvelope(this.snapshot.data, this.revision + 1));
      this.storage.setItem(WORKSPACE_KEY, text);
    } catch (error) {
      const firstFailure = this.snapshot.status !== 'error';
      console.error('Saving the workspace failed; the data stays in memory and is saved on the next change.', error);
      this.update({ status: 'error' });
      if (firstFailure) this.emitEvent({ type: 'save-failed', quota: isQuotaError(error), error });
      return false;
    }
    const recovered = this.snapshot.status === 'error';
    this.revision += 1;
    this.pending = [];
    this.lastSaveAt = this.clock();
    this.update({ status: 'saved' });
    if (recovered) this.emitEvent({ type: 'save-recovered' });
    return true;
  }

  /** Loads another tab's stored text and replays this tab's unsaved commands on it. */
  private adopt(text: string): boolean {
    const result = loadWorkspace(parseStored(text), this.now());
    if (!result.ok) {
      this.block({ reason: 'newer-version', foundVersion: result.foundVersion, supportedVersion: result.supportedVersion });
      return false;
    }
    this.revision = result.revision;
    const data = this.pending.reduce((current, command) => command(current), result.data);
    this.update({ data });
    return true;
  }

  private block(blocked: Blocked): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.update({ blocked });
    this.emitEvent({ type: 'blocked', blocked });
  }

  private update(patch: Partial<WorkspaceSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

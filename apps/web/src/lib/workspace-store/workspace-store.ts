import { bindCommand, type WorkspaceCommand } from '@grove/domain/workspace/command';
import { loadWorkspace, type LoadResult } from '@grove/domain/workspace/load';
import type { StudioData } from '@grove/domain/workspace/model';
import { CURRENT_SCHEMA_VERSION } from '@grove/domain/workspace/schema-version';
import { diffWorkspace, isEmptyPatch, reapplyPatch, revertPatch } from '@grove/domain/workspace/undo-patch';
import { envelopeJson } from './envelope-json.ts';
import { isNewerSchema, randomWriterId, readStoredHeader, type StoredHeader } from './stored-header.ts';
import {
  isQuotaError, type Blocked, type StoreDeps, type StoreEvent, type UndoResult, type WorkspaceSnapshot,
} from './store-types.ts';
import { UndoHistory, type HistoryEntry } from './undo-history.ts';

// The store's types live beside it (store-types.ts); importers keep using this module.
export { isQuotaError, type Blocked, type SaveStatus, type StoreDeps, type StoreEvent, type UndoResult, type WorkspaceSnapshot } from './store-types.ts';
export { MAX_UNDO_STEPS, type HistoryEntry } from './undo-history.ts';

// The one store of the workspace (docs/decisions/010-workspace-data-versions-and-loading.md): every change is a
// named command (packages/domain/src/workspace/command.ts) applied in memory at once; saves are coalesced,
// checked, and never write over newer data of another tab. Each command's changes are kept as a patch for undo
// and redo (undo-patch.ts): per tab, kept across saves, and refused when another tab changed the same places.

export const WORKSPACE_KEY = 'grove-data';
/** Prefix of the keys under which unreadable or repaired stored data is kept, never dropped. */
export const RECOVERY_KEY_PREFIX = 'grove-data-unreadable-';
/** First save this long after a change, then at most one save per interval while changes keep coming. */
export const SAVE_DELAY_MS = 250;
export const SAVE_INTERVAL_MS = 1000;

/** A data change as replayed over another tab's newer data. */
type Replay = (data: StudioData) => StudioData;
function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON: loadWorkspace reports a string as unreadable, and the text itself is kept aside.
    return text;
  }
}

/** Saves the data as it is (after a repair on load, or once a kept copy is released). */
const resave: Replay = (data) => data;

const EMPTY_STATE: Omit<WorkspaceSnapshot, 'data'> = {
  status: 'saved', blocked: null, unkeptRecovery: null, saveError: null, undoName: null, redoName: null,
};

/** The stored value this tab last read or wrote. */
interface Known {
  revision: number;
  writer: string | null;
}

export class WorkspaceStore {
  private readonly deps: StoreDeps;
  private readonly storage: Storage;
  private readonly now: () => Date;
  private readonly clock: () => number;
  private readonly writerId: string;
  private readonly eventListeners = new Set<(event: StoreEvent) => void>();
  /** Events raised before anyone listened (while loading): handed to the first listener. */
  private bufferedEvents: StoreEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly saveWaiters: ((saved: boolean) => void)[] = [];
  private snapshot: WorkspaceSnapshot;
  private known: Known = { revision: 0, writer: null };
  /** Changes applied since the last successful save: replayed over newer data from another tab. */
  private pending: Replay[] = [];
  private readonly history = new UndoHistory();
  private timer: unknown = null;
  private lastSaveAt = Number.NEGATIVE_INFINITY;
  /** Stored text that is not one of our envelopes and was already handled when loading. */
  private loadedForeignText: string | null = null;

  constructor(deps: StoreDeps) {
    this.deps = deps;
    this.storage = deps.storage;
    this.now = deps.now ?? (() => new Date());
    this.clock = deps.clock ?? (() => Date.now());
    this.writerId = deps.writerId ?? randomWriterId();
    if (deps.onEvent) this.eventListeners.add(deps.onEvent);
    this.snapshot = this.load();
  }

  getSnapshot = (): WorkspaceSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Listens to what the user must be told (failed saves, repairs); gets any event raised before it came. */
  addEventListener = (listener: (event: StoreEvent) => void): (() => void) => {
    this.eventListeners.add(listener);
    const buffered = this.bufferedEvents;
    this.bufferedEvents = [];
    for (const event of buffered) listener(event);
    return () => this.eventListeners.delete(listener);
  };

  /**
   * Runs a named command in memory at once (its time fixed now, its input holding any ids) and schedules a save.
   * Returns its undo step, or null when it changed nothing or `undoable` is false (upkeep the user did not ask
   * for, such as the garden's periodic check, stays out of the undo history).
   */
  dispatch = <Input>(command: WorkspaceCommand<Input>, input: Input, options: { undoable?: boolean } = {}): HistoryEntry | null => {
    if (this.snapshot.blocked?.reason === 'newer-version') return null;
    const call = bindCommand(command, input, this.now());
    const before = this.snapshot.data;
    const data = call.run(before);
    if (data === before) return null;
    if (options.undoable === false) {
      this.change(data, call.run);
      return null;
    }
    const patch = diffWorkspace(before, data);
    if (isEmptyPatch(patch)) return null;
    const entry = this.history.record(call.name, call.destructive, patch);
    this.change(data, call.run);
    return entry;
  };

  /**
   * Undoes the newest step, or the given one (a toast's Undo) if it is still in the history. Refused, changing
   * nothing, when the places it changed hold something else now (another tab, or a later step on the same
   * places).
   */
  undo = (entryId?: number): UndoResult => {
    const entry = this.history.toUndo(entryId);
    if (!entry) return { ok: false, reason: 'nothing' };
    return this.travel(entry, 'undo');
  };

  /** Redoes the last undone step, under the same check as undo. */
  redo = (): UndoResult => {
    const entry = this.history.toRedo();
    if (!entry) return { ok: false, reason: 'nothing' };
    return this.travel(entry, 'redo');
  };

  /**
   * Reads the stored workspace now and takes it if another tab saved newer data that this tab missed (its
   * notification lost or not yet delivered). Called before a restore point is taken, so the point holds the
   * newest data.
   */
  catchUp = (): void => {
    let text: string | null = null;
    try {
      text = this.storage.getItem(WORKSPACE_KEY);
    } catch (error) {
      console.error('Could not read the workspace from local storage.', error);
      return;
    }
    this.handleStorageChange(WORKSPACE_KEY, text);
  };

  /** Saves now if anything is unsaved (tab hidden or closing, or the user's retry). Returns true when stored. */
  flush = (): boolean => {
    this.cancelTimer();
    return this.save();
  };

  /** Resolves once everything applied so far is stored (true), or a save attempt failed or is blocked (false). */
  whenSaved = (): Promise<boolean> => {
    if (this.pending.length === 0) return Promise.resolve(this.snapshot.status === 'saved' && !this.snapshot.blocked);
    if (this.snapshot.blocked) return Promise.resolve(false);
    return new Promise((resolve) => this.saveWaiters.push(resolve));
  };

  /** Another tab wrote: follow it when it is newer, keeping this tab's unsaved commands on top. */
  handleStorageChange = (key: string | null, newValue: string | null): void => {
    if (key !== WORKSPACE_KEY || newValue === null) return;
    const header = readStoredHeader(newValue);
    if (header && isNewerSchema(header)) {
      this.block({ reason: 'newer-version', foundVersion: header.schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION });
      return;
    }
    if (header && !this.isNewerThanKnown(header)) return;
    if (this.adopt(newValue, header)) {
      this.emitEvent({ type: 'updated-from-other-tab' });
      if (this.pending.length > 0) this.schedule();
    }
  };

  /** The user has a copy of the unreadable data (downloaded) or gave it up: saving may go on. */
  releaseRecovery = (): void => {
    if (this.snapshot.blocked?.reason !== 'recovery-not-kept') return;
    this.update({ blocked: null, unkeptRecovery: null });
    this.pending.push(resave);
    this.schedule();
  };

  dispose = (): void => {
    this.cancelTimer();
    this.listeners.clear();
  };

  private travel(entry: HistoryEntry, direction: 'undo' | 'redo'): UndoResult {
    if (this.snapshot.blocked?.reason === 'newer-version') return { ok: false, reason: 'blocked', name: entry.name };
    const move = direction === 'undo' ? revertPatch : reapplyPatch;
    const result = move(this.snapshot.data, entry.patch);
    if (!result.ok) return { ok: false, reason: 'conflict', name: entry.name };
    if (direction === 'undo') this.history.undone(entry);
    else this.history.redone(entry);
    // Replayed over another tab's newer data like any change: applied only where it still fits.
    this.change(result.data, (data) => {
      const replayed = move(data, entry.patch);
      return replayed.ok ? replayed.data : data;
    });
    return { ok: true, name: entry.name };
  }

  private change(data: StudioData, replay: Replay): void {
    this.pending.push(replay);
    this.update({ data, status: this.snapshot.status === 'error' ? 'error' : 'pending' });
    this.schedule();
  }

  private emitEvent(event: StoreEvent): void {
    if (this.eventListeners.size === 0) this.bufferedEvents.push(event);
    for (const listener of this.eventListeners) listener(event);
  }

  private load(): WorkspaceSnapshot {
    let text: string | null = null;
    try {
      text = this.storage.getItem(WORKSPACE_KEY);
    } catch (error) {
      console.error('Could not read the workspace from local storage.', error);
    }
    const header = readStoredHeader(text);
    if (header === undefined) this.loadedForeignText = text;
    const result = loadWorkspace(text === null ? undefined : parseStored(text), this.now());
    if (!result.ok) {
      const blocked: Blocked = { reason: 'newer-version', foundVersion: result.foundVersion, supportedVersion: result.supportedVersion };
      const fallback = loadWorkspace(undefined, this.now()) as Extract<LoadResult, { ok: true }>;
      this.emitEvent({ type: 'blocked', blocked });
      return { ...EMPTY_STATE, data: fallback.data, blocked };
    }
    this.known = { revision: header?.revision ?? result.revision, writer: header?.writer ?? null };
    if (result.repairs.length > 0) console.warn('Workspace data repaired on load:', result.repairs);
    const snapshot: WorkspaceSnapshot = { ...EMPTY_STATE, data: result.data };
    if (!result.lossy || text === null) return snapshot;

    // Something stored could not be read as it was: keep the raw text before anything writes over it, then
    // save the repaired workspace at once so the next load does not find (and keep) the same text again.
    const details = result.repairs.map((repair) => `${repair.section}: ${repair.message}`);
    const keptUnder = this.keepAside(text);
    this.emitEvent({ type: 'repaired', unreadable: result.source === 'unreadable', keptUnder, details });
    if (keptUnder === null) return { ...snapshot, blocked: { reason: 'recovery-not-kept' }, unkeptRecovery: text };
    this.pending.push(resave);
    queueMicrotask(() => this.schedule());
    return snapshot;
  }

  /** Stores unreadable text under its own key; null when there is no room (the caller then holds saving). */
  private keepAside(text: string): string | null {
    const key = `${RECOVERY_KEY_PREFIX}${this.now().toISOString()}`;
    try {
      this.storage.setItem(key, text);
      return key;
    } catch (error) {
      console.error('Could not keep the unreadable workspace data aside.', error);
      return null;
    }
  }

  private isNewerThanKnown(header: StoredHeader): boolean {
    if (header.revision !== this.known.revision) return header.revision > this.known.revision;
    // Same revision by another writer: two tabs saved at once and the other one's write landed last.
    return header.writer !== this.known.writer;
  }

  private schedule(): void {
    if (this.timer !== null || this.snapshot.blocked) return;
    const delay = Math.max(SAVE_DELAY_MS, this.lastSaveAt + SAVE_INTERVAL_MS - this.clock());
    const setTimer = this.deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.timer = setTimer(() => {
      this.timer = null;
      if (this.deps.withSaveLock) this.deps.withSaveLock(() => this.save());
      else this.save();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    const clearTimer = this.deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    clearTimer(this.timer);
    this.timer = null;
  }

  private save(): boolean {
    if (this.pending.length === 0) return this.settle(this.snapshot.status !== 'error' && !this.snapshot.blocked);
    if (this.snapshot.blocked) return this.settle(false);
    try {
      const stored = this.storage.getItem(WORKSPACE_KEY);
      const header = readStoredHeader(stored);
      if (header && isNewerSchema(header)) {
        this.block({ reason: 'newer-version', foundVersion: header.schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION });
        return false;
      }
      // Another tab saved since we last read: take its data and put our unsaved commands on top.
      const foreign = header ? this.isNewerThanKnown(header) : stored !== null && stored !== this.loadedForeignText;
      if (foreign && stored !== null && !this.adopt(stored, header)) return this.settle(false);
      const revision = this.known.revision + 1;
      this.storage.setItem(WORKSPACE_KEY, envelopeJson(this.snapshot.data, revision, this.writerId));
      this.known = { revision, writer: this.writerId };
      this.loadedForeignText = null;
    } catch (error) {
      const firstFailure = this.snapshot.status !== 'error';
      console.error('Saving the workspace failed; the data stays in memory and is saved on the next change.', error);
      this.update({ status: 'error', saveError: isQuotaError(error) ? 'quota' : 'other' });
      if (firstFailure) this.emitEvent({ type: 'save-failed', quota: isQuotaError(error), error });
      return this.settle(false);
    }
    const recovered = this.snapshot.status === 'error';
    this.pending = [];
    this.lastSaveAt = this.clock();
    this.update({ status: 'saved', saveError: null });
    if (recovered) this.emitEvent({ type: 'save-recovered' });
    return this.settle(true);
  }

  private settle(saved: boolean): boolean {
    for (const resolve of this.saveWaiters.splice(0)) resolve(saved);
    return saved;
  }

  /** Takes another tab's stored text and replays this tab's unsaved commands on it. */
  private adopt(text: string, header: StoredHeader | null | undefined): boolean {
    const result = loadWorkspace(parseStored(text), this.now());
    if (!result.ok) {
      this.block({ reason: 'newer-version', foundVersion: result.foundVersion, supportedVersion: result.supportedVersion });
      return false;
    }
    if (result.lossy) {
      // Another writer left data this tab cannot fully read: keep it aside before it is replaced.
      const keptUnder = this.keepAside(text);
      const details = result.repairs.map((repair) => `${repair.section}: ${repair.message}`);
      this.emitEvent({ type: 'repaired', unreadable: result.source === 'unreadable', keptUnder, details });
      if (keptUnder === null) {
        this.block({ reason: 'recovery-not-kept' });
        this.update({ unkeptRecovery: text });
        return false;
      }
      if (result.source === 'unreadable') {
        // Nothing of it could be read: this tab's own data stays the base, and is saved over it.
        this.known = { revision: header?.revision ?? this.known.revision, writer: header?.writer ?? null };
        this.pending.push(resave);
        return true;
      }
    }
    if (header && header.revision === this.known.revision && this.known.writer === this.writerId) {
      // Our own save at this revision was replaced by another tab's simultaneous one: keep ours as a restore point.
      this.deps.keepConflictCopy?.(envelopeJson(this.snapshot.data, this.known.revision, this.writerId));
    }
    this.known = { revision: header?.revision ?? result.revision, writer: header?.writer ?? null };
    const data = this.pending.reduce((current, replay) => replay(current), result.data);
    this.update({ data });
    return true;
  }

  private block(blocked: Blocked): void {
    this.cancelTimer();
    this.update({ blocked });
    this.emitEvent({ type: 'blocked', blocked });
    this.settle(false);
  }

  private update(patch: Partial<WorkspaceSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    next.undoName = this.history.undoName;
    next.redoName = this.history.redoName;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

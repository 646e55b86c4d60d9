import { REPLICA_FORMAT_VERSION, readReplicaHeader, readStoredParts, readStoredWorkspace } from '@grove/domain/replica/stored-workspace';
import {
  applyStateText, createWorkspaceDoc, decodeSnapshotText, hasUnseen, pageFragment, snapshotCovers, WorkspaceReader, workspaceRootTypes,
  writeData,
} from '@grove/domain/replica/workspace-doc';
import { bindCommand, type WorkspaceCommand } from '@grove/domain/workspace/command';
import { idsFromSeed } from '@grove/domain/workspace/ids';
import { loadWorkspace } from '@grove/domain/workspace/load';
import type { StudioData } from '@grove/domain/workspace/model';
import * as Y from 'yjs';
import { REMOTE_SAVE_GRACE_MS, StoredCopy, WORKSPACE_KEY } from './stored-copy.ts';
import { readStoredHeader, randomWriterId } from './stored-header.ts';
import {
  isQuotaError, type Blocked, type HistoryEntry, type StoreDeps, type StoreEvent, type TabMessage, type UndoResult, type WorkspaceSnapshot,
} from './store-types.ts';

export {
  isQuotaError, type Blocked, type HistoryEntry, type SaveStatus, type StoreDeps, type StoreEvent, type TabChannel, type TabMessage,
  type UndoResult, type WorkspaceSnapshot,
} from './store-types.ts';

// The one store of the workspace (docs/decisions/061-yjs-merge-engine.md). The workspace is a Yjs document; what the
// screens see is its projection (packages/domain/src/replica). Every change is a named command run on that
// projection and written into the document as one transaction of this tab; tabs exchange their transactions at
// once over a channel and merge them, so nothing one tab does overwrites another's. Saves store the document under
// one key, merging the stored one first when it holds something this tab has not seen; what a save writes is
// stored-copy.ts's. Undo is Yjs's UndoManager over this tab's own transactions only.

export { LOG_FOLD_MINIMUM, LOG_FOLD_SHARE, REMOTE_SAVE_GRACE_MS, WORKSPACE_KEY } from './stored-copy.ts';
/** Prefix of the keys under which unreadable or repaired stored data is kept, never dropped. */
export const RECOVERY_KEY_PREFIX = 'grove-data-unreadable-';
/**
 * A change after a quiet spell is saved as soon as the task that made it ends (a browser quit a moment later, which
 * runs no page handler, keeps it: bench:quit); while changes keep coming, at most one save per interval.
 */
export const SAVE_DELAY_MS = 0;
export const SAVE_INTERVAL_MS = 1000;
/** Undo history kept per tab: enough for a long editing session, bounded in memory. */
export const MAX_UNDO_STEPS = 100;
/**
 * The ids of the default workspace made when nothing is stored: the same in every tab, so two tabs opened at once
 * on an empty browser make one board, not two.
 */
const FIRST_WORKSPACE_SEED = { time: 0, salt: 0x67726f76 };

const EMPTY_STATE: Omit<WorkspaceSnapshot, 'data'> = {
  status: 'saved', blocked: null, unkeptRecovery: null, saveError: null, undoName: null, redoName: null,
};

/** Updates that came from another tab or from storage: never sent on, never undone by this tab. */
const REMOTE = Symbol('remote');
/**
 * Updates from another device, through sync (decision 068): merged like another tab's, but stored and passed to the
 * other tabs by this one (no other tab of this browser has them), never undone, never sent back to sync.
 */
const SYNCED = Symbol('synced');

interface StackMeta {
  entry: HistoryEntry;
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
  private readonly outsideChangeListeners = new Set<() => (() => void) | void>();
  private readonly documentListeners = new Set<(update: Uint8Array, fromSync: boolean) => void>();
  private readonly saveWaiters: ((saved: boolean) => void)[] = [];
  private snapshot: WorkspaceSnapshot;
  private doc!: Y.Doc;
  private reader!: WorkspaceReader;
  private undoManager!: Y.UndoManager;
  /** Origins of this tab's transactions: one the undo history tracks, one it leaves out. */
  private readonly tracked = Symbol('this tab');
  private readonly untracked = Symbol('this tab, not undoable');
  private nextEntryId = 1;
  /** The command being written, for the undo step its transaction adds. */
  private writing: { name: string; destructive: boolean } | null = null;
  private addedEntry: HistoryEntry | null = null;
  private revision = 0;
  /** Something in the document is not stored yet. */
  private dirty = false;
  /** Saves wait for this (the "Before upgrade" restore point) unless the tab is closing. */
  private saveHold: Promise<unknown> | null = null;
  private timer: unknown = null;
  private lastSaveAt = Number.NEGATIVE_INFINITY;
  private stopListening: (() => void) | null = null;
  /** Stored text that is not a document of ours and was already handled when loading (the earlier format). */
  private loadedForeignText: string | null = null;
  /** What this tab has stored and has not, and how a save writes it (stored-copy.ts). */
  private readonly copy: StoredCopy;

  constructor(deps: StoreDeps) {
    this.deps = deps;
    this.storage = deps.storage;
    this.now = deps.now ?? (() => new Date());
    this.clock = deps.clock ?? (() => Date.now());
    this.writerId = deps.writerId ?? randomWriterId();
    this.copy = new StoredCopy(this.storage, this.writerId, deps.foldInBackground, () => {
      this.dirty = true;
      this.schedule();
    });
    if (deps.onEvent) this.eventListeners.add(deps.onEvent);
    this.snapshot = this.load();
    this.connect();
    // A new document (nothing stored, or repaired data) is stored at once, so a tab opened next reads it instead of
    // making its own.
    if (this.dirty && !this.saveHold) {
      this.save();
      // Not a save of the user's: the first change is still stored after the short delay.
      this.lastSaveAt = Number.NEGATIVE_INFINITY;
    }
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
   * Runs a named command on the workspace as shown (its time fixed now, its input holding any ids) and writes what
   * it changed into the document as one transaction. Returns its undo step, or null when it changed nothing or
   * `undoable` is false (typing in a page, which the editor undoes itself, and upkeep the user did not ask for).
   */
  dispatch = <Input>(command: WorkspaceCommand<Input>, input: Input, options: { undoable?: boolean } = {}): HistoryEntry | null => {
    if (this.snapshot.blocked?.reason === 'newer-version') return null;
    const call = bindCommand(command, input, this.now());
    const before = this.snapshot.data;
    const after = call.run(before);
    if (after === before) return null;
    this.deps.beforeChange?.(before);
    this.writing = { name: call.name, destructive: call.destructive };
    this.addedEntry = null;
    try {
      // Against the document as it is, so what the projection settled and the command kept is written (read.ts).
      const origin = options.undoable === false ? this.untracked : this.tracked;
      this.doc.transact(() => writeData(this.doc, this.reader.unsettled(), after), origin);
    } finally {
      this.writing = null;
    }
    this.refresh();
    return this.addedEntry;
  };

  /**
   * Undoes the newest step of this tab, or the given one (a toast's Undo) while it is in the history. Only this
   * tab's own changes are reverted: another tab's edits, even to the same column, stay.
   */
  undo = (entryId?: number): UndoResult => {
    if (this.snapshot.blocked?.reason === 'newer-version') return { ok: false, reason: 'blocked' };
    const stack = this.undoManager.undoStack;
    const index = entryId === undefined ? stack.length - 1 : stack.findIndex((item) => this.entryOf(item)?.id === entryId);
    return index === -1 ? { ok: false, reason: 'nothing' } : this.travel(stack, index, () => this.undoManager.undo());
  };

  /**
   * A page's text as the page editor binds to it (Tiptap's Collaboration extension): the editor writes its changes
   * into it and the store shows and saves them like any other; null when there is no such page.
   */
  pageText = (pageId: string): Y.XmlFragment | null => pageFragment(this.doc, pageId);

  /**
   * Calls `listener` before a change from another tab or from storage is merged into the document, and the function
   * it returns after: the page editor notes where its caret is, in the document's terms, and puts it back there once
   * the change is drawn (text typed before the caret then moves it along).
   */
  onOutsideChange = (listener: () => (() => void) | void): (() => void) => {
    this.outsideChangeListeners.add(listener);
    return () => this.outsideChangeListeners.delete(listener);
  };

  /**
   * Calls `listener` with every change of the document as a Yjs update (v2), from this tab, another tab or storage,
   * and whether it came from sync: what sync sends to the other devices (decision 068).
   */
  onDocumentUpdate = (listener: (update: Uint8Array, fromSync: boolean) => void): (() => void) => {
    this.documentListeners.add(listener);
    return () => this.documentListeners.delete(listener);
  };

  /**
   * Merges a change from another device (sync); throws when it cannot be applied, changing nothing (also in a tab
   * held by a newer version's data: sync must not count the change as merged here).
   */
  applyFromSync = (update: Uint8Array): void => {
    if (this.snapshot.blocked?.reason === 'newer-version') throw new Error('This tab is held by a newer version of Grove.');
    this.aroundOutsideChange(() => Y.applyUpdateV2(this.doc, update, SYNCED));
    this.refresh(true);
  };

  /** The whole document as one update (v2), or what a replica whose state vector is `vector` lacks. */
  encodeState = (vector?: Uint8Array): Uint8Array => Y.encodeStateAsUpdateV2(this.doc, vector);

  /** The document's state vector: what it holds, for a later encodeState of what came after. */
  stateVector = (): Uint8Array => Y.encodeStateVector(this.doc);

  private aroundOutsideChange(change: () => void): void {
    const afterwards = [...this.outsideChangeListeners].map((listener) => listener());
    try {
      change();
    } finally {
      for (const after of afterwards) after?.();
    }
  }

  /** Redoes the last undone step of this tab. */
  redo = (): UndoResult => {
    if (this.snapshot.blocked?.reason === 'newer-version') return { ok: false, reason: 'blocked' };
    const stack = this.undoManager.redoStack;
    return stack.length === 0 ? { ok: false, reason: 'nothing' } : this.travel(stack, stack.length - 1, () => this.undoManager.redo());
  };

  /**
   * Undoes or redoes exactly the step at `index` of `stack`. Alone on the stack while it runs: Yjs would otherwise go
   * on to the step below when this one changes nothing (another tab replaced everything it did), and the user
   * would see an older step undone instead of being told this one cannot be.
   */
  private travel(stack: Y.UndoManager['undoStack'], index: number, move: () => unknown): UndoResult {
    const others = stack.splice(0, stack.length);
    const [item] = others.splice(index, 1);
    if (!item) return { ok: false, reason: 'nothing' };
    const name = this.entryOf(item)?.name ?? '';
    stack.push(item);
    let moved: unknown;
    try {
      moved = move();
    } finally {
      stack.splice(0, stack.length, ...others, ...stack);
    }
    if (moved === null) {
      this.update({});
      return { ok: false, reason: 'conflict', name };
    }
    this.refresh();
    return { ok: true, name };
  }

  /**
   * Reads the stored workspace now and merges whatever it holds that this tab has not seen (a tab without the
   * channel, a notification not yet delivered). Called before a restore point is taken, so the point holds it.
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
    return this.save(true);
  };

  /** Resolves once everything applied so far is stored (true), or a save attempt failed or is blocked (false). */
  whenSaved = (): Promise<boolean> => {
    if (!this.dirty) return Promise.resolve(this.snapshot.status === 'saved' && !this.snapshot.blocked);
    if (this.snapshot.blocked) return Promise.resolve(false);
    return new Promise((resolve) => this.saveWaiters.push(resolve));
  };

  /** Another tab stored the workspace (the storage event): merge what it holds that this tab has not seen. */
  handleStorageChange = (key: string | null, newValue: string | null): void => {
    if (key !== WORKSPACE_KEY || newValue === null) return;
    if (this.blockIfNewer(newValue)) return;
    const header = readReplicaHeader(newValue);
    if (!header || !hasUnseen(this.doc, header.seen)) return;
    this.mergeStoredState(newValue);
  };

  /** The user has a copy of the unreadable data (downloaded) or gave it up: saving may go on. */
  releaseRecovery = (): void => {
    if (this.snapshot.blocked?.reason !== 'recovery-not-kept') return;
    this.update({ blocked: null, unkeptRecovery: null });
    this.dirty = true;
    this.schedule();
  };

  dispose = (): void => {
    this.cancelTimer();
    this.listeners.clear();
    this.stopListening?.();
    this.undoManager.destroy();
  };

  private entryOf(item: { meta: Map<unknown, unknown> }): HistoryEntry | undefined {
    return (item.meta.get('step') as StackMeta | undefined)?.entry;
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
    const stored = readStoredWorkspace(text, this.now());
    if (stored.kind === 'replica') {
      this.revision = stored.header.revision;
      this.copy.loaded(stored.parts);
      this.useDoc(stored.doc);
      return { ...EMPTY_STATE, data: this.reader.read() };
    }
    const result = stored.load;
    this.loadedForeignText = text;
    if (!result.ok) {
      const blocked: Blocked = { reason: 'newer-version', foundVersion: result.foundVersion, supportedVersion: result.supportedVersion };
      this.useDoc(createWorkspaceDoc(this.firstWorkspace()));
      this.emitEvent({ type: 'blocked', blocked });
      return { ...EMPTY_STATE, data: this.reader.read(), blocked };
    }
    const data = result.source === 'empty' ? this.firstWorkspace() : result.data;
    this.revision = result.revision;
    this.useDoc(createWorkspaceDoc(data));
    this.dirty = true;
    const snapshot: WorkspaceSnapshot = { ...EMPTY_STATE, data: this.reader.read(), status: 'pending' };
    if (result.repairs.length > 0) console.warn('Workspace data repaired on load:', result.repairs);

    if (result.lossy && text !== null) {
      // Something stored could not be read as it was: keep the raw text before anything writes over it.
      const details = result.repairs.map((repair) => `${repair.section}: ${repair.message}`);
      const keptUnder = this.keepAside(text);
      this.emitEvent({ type: 'repaired', unreadable: result.source === 'unreadable', keptUnder, details });
      if (keptUnder === null) return { ...snapshot, blocked: { reason: 'recovery-not-kept' }, unkeptRecovery: text };
    } else if (text !== null && this.deps.keepUpgradeCopy) {
      // The earlier format: keep it as the "Before upgrade" restore point before the new one replaces it.
      this.saveHold = this.deps.keepUpgradeCopy(text)
        .catch((error: unknown) => console.error('Could not keep the workspace as it was before the upgrade.', error))
        .finally(() => {
          this.saveHold = null;
          this.schedule();
        });
      return snapshot;
    }
    return snapshot;
  }

  /** The default workspace with the ids every tab makes, so two first tabs merge into one. */
  private firstWorkspace(): StudioData {
    const fresh = loadWorkspace(undefined, this.now(), idsFromSeed(FIRST_WORKSPACE_SEED));
    if (!fresh.ok) throw new Error('The default workspace could not be made.');
    return fresh.data;
  }

  private useDoc(doc: Y.Doc): void {
    this.doc = doc;
    // First, so the reader forgets what a transaction changed before anything below reads.
    this.reader = new WorkspaceReader(doc);
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      const origin: unknown = transaction.origin;
      const outside = origin === REMOTE || origin === SYNCED;
      if (origin === this.tracked || origin === this.untracked || outside || transaction.changed.size === 0) return;
      // A change made straight in the document by this tab: the page editor typing (or undoing) in a page's text.
      this.deps.beforeChange?.(this.snapshot.data);
      this.refresh();
    });
    this.undoManager = new Y.UndoManager(workspaceRootTypes(doc), { trackedOrigins: new Set([this.tracked]), captureTimeout: 0 });
    this.undoManager.on('stack-item-added', (event: { stackItem: { meta: Map<unknown, unknown> }; type: 'undo' | 'redo' }) => {
      const current = this.undoManager.currStackItem;
      const carried = current ? this.entryOf(current) : undefined;
      if (carried) {
        event.stackItem.meta.set('step', { entry: carried } satisfies StackMeta);
      } else if (this.writing) {
        const entry: HistoryEntry = { id: this.nextEntryId++, ...this.writing };
        event.stackItem.meta.set('step', { entry } satisfies StackMeta);
        this.addedEntry = entry;
      }
      const stack = this.undoManager.undoStack;
      if (stack.length > MAX_UNDO_STEPS) stack.splice(0, stack.length - MAX_UNDO_STEPS);
    });
    doc.on('updateV2', (update: Uint8Array, origin: unknown) => {
      this.dirty = true;
      for (const listener of this.documentListeners) listener(update, origin === SYNCED);
      if (origin === REMOTE) {
        // Stored by the tab that made it; here too only if that tab is gone before it saves.
        this.copy.add(update, { at: this.clock() });
        this.schedule(REMOTE_SAVE_GRACE_MS);
        return;
      }
      this.copy.add(update, null);
      this.deps.channel?.post({ type: 'update', update });
      this.schedule();
    });
  }

  /** Joins the other tabs: listens to their updates and asks them for what this tab missed. */
  private connect(): void {
    const channel = this.deps.channel;
    if (!channel) return;
    this.stopListening = channel.listen((message) => this.receive(message));
    channel.post({ type: 'hello', from: this.writerId, vector: Y.encodeStateVector(this.doc) });
  }

  private receive(message: TabMessage): void {
    if (this.snapshot.blocked?.reason === 'newer-version') return;
    switch (message.type) {
      case 'update':
        this.applyRemote(message.update);
        break;
      case 'hello': {
        // A tab opened: send it what it lacks, and say what this tab has so it can send back what this one lacks.
        const missing = Y.encodeStateAsUpdateV2(this.doc, message.vector);
        this.deps.channel?.post({ type: 'answer', to: message.from, update: missing, vector: Y.encodeStateVector(this.doc) });
        break;
      }
      case 'answer':
        if (message.to !== this.writerId) return;
        this.applyRemote(message.update);
        // What this tab has that the answering one lacks (harmless to a tab that has it: updates apply once).
        this.deps.channel?.post({ type: 'update', update: Y.encodeStateAsUpdateV2(this.doc, message.vector) });
        break;
    }
  }

  private applyRemote(update: Uint8Array): void {
    try {
      this.aroundOutsideChange(() => Y.applyUpdateV2(this.doc, update, REMOTE));
    } catch (error) {
      console.error('An update from another tab could not be applied.', error);
      return;
    }
    this.refresh(true);
  }

  private mergeStoredState(text: string): void {
    try {
      const parts = readStoredParts(text);
      if (!parts) return;
      this.aroundOutsideChange(() => this.doc.transact(() => {
        applyStateText(this.doc, parts.state, REMOTE);
        for (const segment of parts.log) applyStateText(this.doc, segment, REMOTE);
      }, REMOTE));
    } catch (error) {
      console.error('The stored workspace could not be merged.', error);
      return;
    }
    const header = readReplicaHeader(text);
    if (header) this.revision = Math.max(this.revision, header.revision);
    this.refresh(true);
  }

  /** The snapshot after the document changed. */
  private refresh(fromElsewhere = false): void {
    const data = this.reader.read();
    if (fromElsewhere) {
      // Another tab's change, stored by that tab: the save state shown here is about this tab's own changes.
      if (data === this.snapshot.data) return;
      this.update({ data });
      this.emitEvent({ type: 'updated-from-other-tab' });
      return;
    }
    this.update({ data, status: this.snapshot.status === 'error' ? 'error' : 'pending' });
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

  /**
   * Something this tab cannot merge was stored since it loaded (a damaged write, an older tab's format): keep it
   * aside before this save replaces it. False when there is no room to keep it (saving then waits for the user).
   */
  private keepForeignWrite(text: string): boolean {
    const keptUnder = this.keepAside(text);
    this.emitEvent({ type: 'repaired', unreadable: true, keptUnder, details: ['workspace: another tab stored data this tab cannot read.'] });
    if (keptUnder !== null) return true;
    this.block({ reason: 'recovery-not-kept' });
    this.update({ unkeptRecovery: text });
    return false;
  }

  /** Stored data of a newer Grove: stop writing. True when blocked. */
  private blockIfNewer(text: string): boolean {
    const header = readStoredHeader(text);
    if (!header || header.schemaVersion <= REPLICA_FORMAT_VERSION) return false;
    this.block({ reason: 'newer-version', foundVersion: header.schemaVersion, supportedVersion: REPLICA_FORMAT_VERSION });
    return true;
  }

  private schedule(minimumDelay = SAVE_DELAY_MS): void {
    if (this.timer !== null || this.snapshot?.blocked || this.saveHold) return;
    const delay = Math.max(minimumDelay, this.lastSaveAt + SAVE_INTERVAL_MS - this.clock());
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

  /** Stores the document (`closing`: even while the upgrade's restore point is being written). */
  private save(closing = false): boolean {
    if (!this.dirty) return this.settle(this.snapshot.status !== 'error' && !this.snapshot.blocked);
    if (this.snapshot.blocked || (this.saveHold && !closing)) return this.settle(false);
    try {
      // What the document holds, taken once for the checks and the stored header (a walk over the whole document).
      let taken = Y.snapshot(this.doc);
      const stored = this.storage.getItem(WORKSPACE_KEY);
      if (stored !== null) {
        if (this.blockIfNewer(stored)) return false;
        const header = readReplicaHeader(stored);
        if (!header && stored !== this.loadedForeignText && !this.keepForeignWrite(stored)) return this.settle(false);
        if (header) {
          const seen = decodeSnapshotText(header.seen);
          // Another tab stored something this one has not seen: merge it, so this save keeps it.
          if (!snapshotCovers(taken, seen)) {
            this.mergeStoredState(stored);
            taken = Y.snapshot(this.doc);
          }
          this.revision = Math.max(this.revision, header.revision);
          const need = this.copy.writeNeed(seen, taken, this.clock(), closing || this.saveWaiters.length > 0);
          if (need === 'stored') return this.saved();
          if (need === 'later') {
            this.schedule(REMOTE_SAVE_GRACE_MS);
            return this.settle(true);
          }
        }
      }
      const revision = this.revision + 1;
      this.copy.write(this.doc, revision, taken);
      this.revision = revision;
      this.loadedForeignText = null;
    } catch (error) {
      const firstFailure = this.snapshot.status !== 'error';
      console.error('Saving the workspace failed; the data stays in memory and is saved on the next change.', error);
      this.update({ status: 'error', saveError: isQuotaError(error) ? 'quota' : 'other' });
      if (firstFailure) this.emitEvent({ type: 'save-failed', quota: isQuotaError(error), error });
      return this.settle(false);
    }
    return this.saved();
  }

  private saved(): boolean {
    const recovered = this.snapshot.status === 'error';
    this.dirty = false;
    this.lastSaveAt = this.clock();
    this.update({ status: 'saved', saveError: null });
    if (recovered) this.emitEvent({ type: 'save-recovered' });
    return this.settle(true);
  }

  private settle(saved: boolean): boolean {
    for (const resolve of this.saveWaiters.splice(0)) resolve(saved);
    return saved;
  }

  private block(blocked: Blocked): void {
    this.cancelTimer();
    this.update({ blocked });
    this.emitEvent({ type: 'blocked', blocked });
    this.settle(false);
  }

  private update(patch: Partial<WorkspaceSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    next.undoName = this.entryOf(this.undoManager.undoStack.at(-1) ?? { meta: new Map() })?.name ?? null;
    next.redoName = this.entryOf(this.undoManager.redoStack.at(-1) ?? { meta: new Map() })?.name ?? null;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

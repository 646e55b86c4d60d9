import { fromBase64Url, SYNC_ID_BYTES, SYNC_UPDATE_MAX_BYTES, toBase64Url, type SyncRecord } from '@grove/domain/sync/sync-wire';
import * as Y from 'yjs';
import { SyncRequestError } from './sync-errors.ts';
import { openMessage, SEALED_OVERHEAD_BYTES, sealMessage, SyncIntegrityError, type SpaceKeys } from './sync-crypto.ts';

// One device's side of an encrypted sync space (docs/decisions/068-end-to-end-encrypted-sync.md): every change of
// the workspace document not from sync is sealed and appended to the space; what the space holds after this device's
// last sequence number is read, opened and merged. The server sees ciphertext only. A message that fails to open, or
// replays a counter already seen from its device, is refused and nothing of it is applied.

/** What the engine needs of the workspace store (workspace-store.ts). */
export interface SyncPort {
  onDocumentUpdate(listener: (update: Uint8Array, fromSync: boolean) => void): () => void;
  applyFromSync(update: Uint8Array): void;
  encodeState(vector?: Uint8Array): Uint8Array;
  /** The document's state vector (Yjs): what it holds, as a diff is taken against it. */
  stateVector(): Uint8Array;
}

/** What the engine needs of the server (sync-api.ts over HTTP; a fake in tests). */
export interface SyncServer {
  /** `bytes`: what the space holds after it. */
  append(body: Uint8Array): Promise<{ seq: number; bytes?: number }>;
  /**
   * The snapshot covering more than `after` (if any) and the updates after it, a page at a time; `after` null: the
   * device holds nothing yet, so the snapshot comes whatever it covers (also the first one, which covers 0).
   */
  read(after: number | null): Promise<{ records: SyncRecord[]; next: number | null }>;
  putSnapshot(covers: number, body: Uint8Array): Promise<void>;
}

/** What a device keeps between visits (with the space's key, under its own storage key). */
export interface SyncProgress {
  /** This device's last message number. */
  counter: number;
  /** The last server sequence number merged here. */
  lastSeq: number;
  /** The highest counter accepted from each other device (base64url id → counter). */
  accepted: Record<string, number>;
  /**
   * The document's state vector (base64url) when this device's last send was taken: everything it held then is in
   * the space. A tab that starts the engine later sends what the document holds beyond it.
   */
  sentVector?: string;
  /** The server sequence number the space's latest snapshot covers, as far as this device knows. */
  snapshotSeq?: number;
}

/** After this many updates past the space's snapshot, the device uploads a new one (the space's compaction). */
export const COMPACT_AFTER_UPDATES = 200;
/** Or when the space holds more than this many bytes (its limit is 50 MiB, decision 068). */
export const COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

export type SyncStatus =
  | { state: 'synced' }
  | { state: 'syncing' }
  /** The server could not be reached: changes are kept here and sent when it can. */
  | { state: 'offline' }
  /**
   * integrity: a message failed its check, nothing of it was applied; refused: the relay turned this device away
   * (the space was deleted, its token is not the space's, or a limit was reached): it says which in `code`.
   */
  | { state: 'error'; reason: 'integrity' }
  | { state: 'error'; reason: 'refused'; status: number; code: string | null };

export interface SyncEngineDeps {
  keys: SpaceKeys;
  /** This device's id (16 bytes, base64url). */
  device: string;
  port: SyncPort;
  server: SyncServer;
  progress: SyncProgress;
  saveProgress: (progress: SyncProgress) => void;
  onStatus?: (status: SyncStatus) => void;
}

/** A state vector kept as base64url; null when the text is not one. */
function decodeVector(text: string): Uint8Array | null {
  const bytes = fromBase64Url(text, Math.floor((text.length * 3) / 4));
  if (!bytes) return null;
  try {
    Y.decodeStateVector(bytes);
    return bytes;
  } catch {
    return null;
  }
}

/** An update that holds neither an insertion nor a deletion. */
function isEmptyUpdate(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdateV2(update);
  return structs.length === 0 && ds.clients.size === 0;
}

export class SyncEngine {
  private readonly deviceBytes: Uint8Array;
  private progress: SyncProgress;
  private outbox: Uint8Array[] = [];
  private stopListening: (() => void) | null = null;
  private running: Promise<void> = Promise.resolve();
  private status: SyncStatus = { state: 'syncing' };
  /** What the space held after this device's last append (0: unknown or just compacted). */
  private spaceBytes = 0;

  constructor(private readonly deps: SyncEngineDeps) {
    const device = fromBase64Url(deps.device, SYNC_ID_BYTES);
    if (!device) throw new Error('A device id is 16 bytes in base64url.');
    this.deviceBytes = device;
    this.progress = structuredClone(deps.progress);
  }

  /**
   * Listens to the document and runs a first exchange; resolves when it is done. It first sends what the document
   * holds beyond what this device last sent: the whole document the first time (sync just turned on, or joined), and
   * afterwards what was changed while no tab was sending (offline and then closed, or changed in a tab that closed
   * before its change was sent). Yjs applies an update once, so what the space already has costs only bytes.
   */
  start(): Promise<void> {
    const sent = this.progress.sentVector === undefined ? null : decodeVector(this.progress.sentVector);
    const missing = this.deps.port.encodeState(sent ?? undefined);
    if (!isEmptyUpdate(missing)) this.outbox.push(missing);
    this.stopListening = this.deps.port.onDocumentUpdate((update, fromSync) => {
      if (fromSync) return;
      this.outbox.push(update);
      void this.sync();
    });
    return this.sync();
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  /** Sends what is waiting and reads what is new; one exchange at a time, in order. */
  sync(): Promise<void> {
    this.running = this.running.then(() => this.exchange());
    return this.running;
  }

  /** The whole workspace as the space's snapshot, covering everything read so far (a compaction, or the first). */
  uploadSnapshot(): Promise<void> {
    this.running = this.running.then(async () => {
      await this.exchange();
      if (this.status.state !== 'synced') return;
      try {
        await this.compact();
      } catch (error) {
        this.fail(error);
      }
    });
    return this.running;
  }

  private async exchange(): Promise<void> {
    this.setStatus({ state: 'syncing' });
    try {
      await this.sendMakingRoom();
      await this.receive();
      // What reading put in the outbox (a space made again) goes now, and is read back like the rest.
      if (this.outbox.length > 0) {
        await this.sendMakingRoom();
        await this.receive();
      }
      if (this.compactionDue()) await this.compact();
      this.setStatus(this.outbox.length > 0 ? { state: 'syncing' } : { state: 'synced' });
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (error instanceof SyncIntegrityError) this.setStatus({ state: 'error', reason: 'integrity' });
    else if (error instanceof SyncRequestError && error.status < 500) {
      this.setStatus({ state: 'error', reason: 'refused', status: error.status, code: error.code });
    } else this.setStatus({ state: 'offline' });
  }

  /** Sends; a space at its size limit is compacted first (read to its end, snapshot), then sent to again. */
  private async sendMakingRoom(): Promise<void> {
    try {
      await this.send();
    } catch (error) {
      if (!(error instanceof SyncRequestError && error.code === 'syncSpaceFull')) throw error;
      await this.receive();
      await this.compact();
      await this.send();
    }
  }

  private async send(): Promise<void> {
    while (this.outbox.length > 0) {
      // Everything waiting goes as one message; it leaves the outbox only once the server has it. Changes made
      // meanwhile are added behind it and go in the next message.
      const waiting = this.outbox.slice();
      // Taken with the outbox: everything the document holds up to here is in the space once this message is.
      const vector = this.deps.port.stateVector();
      const update = waiting.length === 1 ? waiting[0] as Uint8Array : Y.mergeUpdatesV2(waiting);
      if (update.byteLength + SEALED_OVERHEAD_BYTES > SYNC_UPDATE_MAX_BYTES) {
        // Too large for one update (a large workspace's first send, a big paste): the whole document goes as the
        // space's snapshot instead, once this device holds all the space has, so the snapshot holds it too.
        await this.sendAsSnapshot();
        continue;
      }
      const sealed = await this.seal('update', update, 0);
      const { bytes } = await this.deps.server.append(sealed);
      this.outbox = this.outbox.slice(waiting.length);
      this.spaceBytes = bytes ?? this.spaceBytes;
      this.progress = { ...this.progress, sentVector: toBase64Url(vector) };
      this.deps.saveProgress(this.progress);
    }
  }

  private compactionDue(): boolean {
    return this.progress.lastSeq - (this.progress.snapshotSeq ?? 0) >= COMPACT_AFTER_UPDATES || this.spaceBytes > COMPACT_AFTER_BYTES;
  }

  /** Reads the space to its end and puts the whole document as its snapshot; tries again if another got there first. */
  private async sendAsSnapshot(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await this.receive();
      if (await this.compact()) return;
    }
    throw new SyncRequestError(409, 'syncSnapshotStale', 'Other devices kept replacing the space\'s snapshot.');
  }

  /**
   * Uploads the document as the space's snapshot, covering what was read so far; what waits in the outbox is in it,
   * so it leaves the outbox. False when another device's snapshot got there first (stale, or ahead of what this one
   * read): as good a compaction, but the outbox still waits.
   */
  private async compact(): Promise<boolean> {
    const covers = this.progress.lastSeq;
    const taken = this.outbox.length;
    const vector = this.deps.port.stateVector();
    const sealed = await this.seal('snapshot', this.deps.port.encodeState(), covers);
    try {
      await this.deps.server.putSnapshot(covers, sealed);
    } catch (error) {
      if (!(error instanceof SyncRequestError && (error.code === 'syncSnapshotStale' || error.code === 'syncSnapshotAhead'))) throw error;
      return false;
    }
    this.outbox = this.outbox.slice(taken);
    this.spaceBytes = 0;
    this.progress = { ...this.progress, snapshotSeq: covers, sentVector: toBase64Url(vector) };
    this.deps.saveProgress(this.progress);
    return true;
  }

  private async seal(kind: 'update' | 'snapshot', payload: Uint8Array, covers: number): Promise<Uint8Array> {
    this.progress = { ...this.progress, counter: this.progress.counter + 1 };
    // Counted before it is sent: a message lost on the way leaves a gap, never a counter used twice.
    this.deps.saveProgress(this.progress);
    return sealMessage(this.deps.keys, { kind, device: this.deviceBytes, counter: this.progress.counter, covers, payload });
  }

  private async receive(): Promise<void> {
    for (;;) {
      // Nothing read yet (no snapshot seen, no update): ask for everything, the snapshot that covers 0 included.
      const nothingYet = this.progress.lastSeq === 0 && this.progress.snapshotSeq === undefined;
      const { records, next } = await this.readAfter(nothingYet ? null : this.progress.lastSeq);
      for (const record of records) await this.take(record);
      if (next === null || records.length === 0) return;
    }
  }

  /**
   * A page after `after`. A space that holds less than this device read was deleted and made again (by another
   * device with the key): read it from the start; what this device has that it lacks is sent on the next start.
   */
  private async readAfter(after: number | null): Promise<{ records: SyncRecord[]; next: number | null }> {
    try {
      return await this.deps.server.read(after);
    } catch (error) {
      if (!(error instanceof SyncRequestError && error.code === 'syncCursorAhead')) throw error;
      const { sentVector: _sent, snapshotSeq: _snapshot, ...rest } = this.progress;
      this.progress = { ...rest, lastSeq: 0 };
      this.deps.saveProgress(this.progress);
      this.outbox.unshift(this.deps.port.encodeState());
      return this.deps.server.read(null);
    }
  }

  /** Opens and merges one record; refuses a replay or a message that fails its check, applying nothing of it. */
  private async take(record: SyncRecord): Promise<void> {
    const message = await openMessage(this.deps.keys, record.kind, record.body);
    const from = toBase64Url(message.device);
    const mine = from === this.deps.device;
    if (record.kind === 'snapshot' && message.covers !== record.seq) throw new SyncIntegrityError();
    const last = mine ? this.progress.counter : (this.progress.accepted[from] ?? 0);
    // A device's own messages come back too: already in its document.
    if (!mine && record.kind === 'update' && message.counter <= last) {
      throw new SyncIntegrityError('A change from the server was sent twice; nothing was applied.');
    }
    if (!mine) this.deps.port.applyFromSync(message.payload);
    const accepted = mine ? this.progress.accepted : { ...this.progress.accepted, [from]: Math.max(last, message.counter) };
    const snapshotSeq = record.kind === 'snapshot' ? Math.max(this.progress.snapshotSeq ?? 0, record.seq) : this.progress.snapshotSeq;
    this.progress = { ...this.progress, lastSeq: Math.max(this.progress.lastSeq, record.seq), accepted, snapshotSeq };
    this.deps.saveProgress(this.progress);
  }

  private setStatus(status: SyncStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.status)) return;
    this.status = status;
    this.deps.onStatus?.(status);
  }
}

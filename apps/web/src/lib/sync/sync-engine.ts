import { fromBase64Url, SYNC_ID_BYTES, toBase64Url, type SyncRecord } from '@grove/domain/sync/sync-wire';
import * as Y from 'yjs';
import { SyncRequestError } from './sync-api.ts';
import { openMessage, sealMessage, SyncIntegrityError, type SpaceKeys } from './sync-crypto.ts';

// One device's side of an encrypted sync space (docs/decisions/068-end-to-end-encrypted-sync.md): every change of
// the workspace document not from sync is sealed and appended to the space; what the space holds after this device's
// last sequence number is read, opened and merged. The server sees ciphertext only. A message that fails to open, or
// replays a counter already seen from its device, is refused and nothing of it is applied.

/** What the engine needs of the workspace store (workspace-store.ts). */
export interface SyncPort {
  onDocumentUpdate(listener: (update: Uint8Array, fromSync: boolean) => void): () => void;
  applyFromSync(update: Uint8Array): void;
  encodeState(vector?: Uint8Array): Uint8Array;
}

/** What the engine needs of the server (sync-api.ts over HTTP; a fake in tests). */
export interface SyncServer {
  append(body: Uint8Array): Promise<{ seq: number }>;
  /** The snapshot covering more than `after` (if any) and the updates after it, a page at a time. */
  read(after: number): Promise<{ records: SyncRecord[]; next: number | null }>;
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
}

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

export class SyncEngine {
  private readonly deviceBytes: Uint8Array;
  private progress: SyncProgress;
  private outbox: Uint8Array[] = [];
  private stopListening: (() => void) | null = null;
  private running: Promise<void> = Promise.resolve();
  private status: SyncStatus = { state: 'syncing' };

  constructor(private readonly deps: SyncEngineDeps) {
    const device = fromBase64Url(deps.device, SYNC_ID_BYTES);
    if (!device) throw new Error('A device id is 16 bytes in base64url.');
    this.deviceBytes = device;
    this.progress = structuredClone(deps.progress);
  }

  /**
   * Listens to the document and runs a first exchange; resolves when it is done. A device that never sent anything
   * (it just turned sync on, or joined) sends its whole document first: its later changes build on it.
   */
  start(): Promise<void> {
    if (this.progress.counter === 0) this.outbox.push(this.deps.port.encodeState());
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
  async uploadSnapshot(): Promise<void> {
    await this.sync();
    const sealed = await this.seal('snapshot', this.deps.port.encodeState(), this.progress.lastSeq);
    await this.deps.server.putSnapshot(this.progress.lastSeq, sealed);
  }

  private async exchange(): Promise<void> {
    this.setStatus({ state: 'syncing' });
    try {
      await this.send();
      await this.receive();
      this.setStatus(this.outbox.length > 0 ? { state: 'syncing' } : { state: 'synced' });
    } catch (error) {
      if (error instanceof SyncIntegrityError) this.setStatus({ state: 'error', reason: 'integrity' });
      else if (error instanceof SyncRequestError && error.status < 500) {
        this.setStatus({ state: 'error', reason: 'refused', status: error.status, code: error.code });
      } else this.setStatus({ state: 'offline' });
    }
  }

  private async send(): Promise<void> {
    while (this.outbox.length > 0) {
      const waiting = this.outbox;
      // Everything waiting goes as one message; it leaves the outbox only once the server has it.
      const update = waiting.length === 1 ? waiting[0] as Uint8Array : Y.mergeUpdatesV2(waiting);
      const sealed = await this.seal('update', update, 0);
      await this.deps.server.append(sealed);
      this.outbox = this.outbox.slice(waiting.length);
    }
  }

  private async seal(kind: 'update' | 'snapshot', payload: Uint8Array, covers: number): Promise<Uint8Array> {
    this.progress = { ...this.progress, counter: this.progress.counter + 1 };
    // Counted before it is sent: a message lost on the way leaves a gap, never a counter used twice.
    this.deps.saveProgress(this.progress);
    return sealMessage(this.deps.keys, { kind, device: this.deviceBytes, counter: this.progress.counter, covers, payload });
  }

  private async receive(): Promise<void> {
    for (;;) {
      const { records, next } = await this.deps.server.read(this.progress.lastSeq);
      for (const record of records) await this.take(record);
      if (next === null || records.length === 0) return;
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
    this.progress = { ...this.progress, lastSeq: Math.max(this.progress.lastSeq, record.seq), accepted };
    this.deps.saveProgress(this.progress);
  }

  private setStatus(status: SyncStatus): void {
    if (JSON.stringify(status) === JSON.stringify(this.status)) return;
    this.status = status;
    this.deps.onStatus?.(status);
  }
}

import type { Pairing } from '@grove/domain/sync/sync-wire';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import type { SyncDevice } from './sync-api.ts';
import { newSyncConfig, pairingLink, pairingOf, readSyncConfig, removeSyncConfig, writeSyncConfig, type SyncConfig } from './sync-config.ts';
import type { SyncPort, SyncStatus } from './sync-engine.ts';

// Sync as the screens see it (decision 068): off, or on with a status. Every tab of the browser has one controller;
// the one tab that holds the sync lock runs the session (sync-session.ts, loaded only then) and tells the others its
// status over a BroadcastChannel. With sync off nothing here touches the network, and nothing heavy is loaded.

export type SyncView =
  | { readonly on: false }
  | {
    readonly on: true;
    readonly spaceId: string;
    /** When this browser joined or made the space (ISO). */
    readonly since: string;
    /** null until the tab running sync has said. */
    readonly status: SyncStatus | null;
    /** When everything was last sent and read (ISO), as far as this tab knows. */
    readonly syncedAt: string | null;
  };

const OFF: SyncView = { on: false };
const LOCK_NAME = 'grove-sync';

type ChannelMessage =
  | { type: 'status'; spaceId: string; status: SyncStatus; syncedAt: string | null }
  | { type: 'ask' };

/** This browser already syncs: with the space of the link ('same'), or with another one ('other'). */
export class AlreadySyncingError extends Error {
  constructor(readonly space: 'same' | 'other') {
    super(space === 'same' ? 'This browser already syncs with this space.' : 'This browser already syncs with another space.');
    this.name = 'AlreadySyncingError';
  }
}

export interface SyncControllerDeps {
  storage: Storage;
  /** The workspace store, loaded and made when sync first runs (the join of a browser with no workspace never needs it). */
  port: () => Promise<SyncPort>;
  origin: string;
  now?: () => Date;
}

export class SyncController {
  private view: SyncView = OFF;
  private readonly listeners = new Set<() => void>();
  private running: { spaceId: string; abort: AbortController } | null = null;
  private leading = false;
  private channel: BroadcastChannel | null = null;
  private started = false;

  constructor(private readonly deps: SyncControllerDeps) {
    this.view = this.viewOf(readSyncConfig(deps.storage), null, null);
  }

  getView = (): SyncView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Follows the stored entry from now on: runs sync when it is on (in the tab that gets the lock). */
  start(): void {
    if (this.started) return;
    this.started = true;
    window.addEventListener('storage', (event) => {
      if (event.storageArea === this.deps.storage && (event.key === STORAGE_KEYS.sync || event.key === null)) this.reconcile();
    });
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel(LOCK_NAME);
      this.channel.addEventListener('message', (event: MessageEvent<ChannelMessage>) => this.hear(event.data));
    }
    this.reconcile();
  }

  /** The pairing link of this browser's space; null when sync is off. */
  link(): string | null {
    const config = readSyncConfig(this.deps.storage);
    return config ? pairingLink(config, this.deps.origin) : null;
  }

  /** Makes a new space on the server and syncs this workspace into it. Throws (nothing kept) when the server refuses. */
  async turnOn(): Promise<void> {
    if (readSyncConfig(this.deps.storage)) throw new AlreadySyncingError('same');
    const { newSpaceKey, newSyncId } = await import('./sync-crypto.ts');
    const config = newSyncConfig({ spaceId: newSyncId(), key: newSpaceKey() }, newSyncId(), this.now());
    const api = await this.api(config);
    await api.createSpace();
    try {
      writeSyncConfig(this.deps.storage, config);
    } catch (error) {
      await api.deleteSpace().catch(() => {});
      throw error;
    }
    this.reconcile();
  }

  /**
   * Joins the space of a pairing link. A browser with a workspace keeps it in a restore point (`keepRestorePoint`)
   * and merges it with the space; a browser with none takes the space's workspace as it is ('adopted': the caller
   * then opens the workspace). Throws when the link's space cannot be read (deleted, or the key is wrong).
   */
  async join(pairing: Pairing, keepRestorePoint: () => Promise<void>): Promise<'merged' | 'adopted'> {
    const current = readSyncConfig(this.deps.storage);
    if (current) throw new AlreadySyncingError(current.spaceId === pairing.spaceId ? 'same' : 'other');
    const { newSyncId } = await import('./sync-crypto.ts');
    const config = newSyncConfig(pairing, newSyncId(), this.now());
    // Asks the space first: a wrong or dead link changes nothing here.
    await (await this.api(config)).devices();
    if (this.deps.storage.getItem(STORAGE_KEYS.workspace) === null) {
      const { downloadSpace } = await import('./sync-session.ts');
      const { stored, progress } = await downloadSpace(config);
      this.deps.storage.setItem(STORAGE_KEYS.workspace, stored);
      writeSyncConfig(this.deps.storage, { ...config, progress });
      this.reconcile();
      return 'adopted';
    }
    await keepRestorePoint();
    writeSyncConfig(this.deps.storage, config);
    this.reconcile();
    return 'merged';
  }

  /** Stops syncing in this browser: the space stays on the server for the other devices. */
  stop(): void {
    removeSyncConfig(this.deps.storage);
    this.reconcile();
  }

  /** Deletes the space with everything in it from the server, then stops. Throws when the server refuses. */
  async deleteSpace(): Promise<void> {
    const config = readSyncConfig(this.deps.storage);
    if (!config) return;
    await (await this.api(config)).deleteSpace();
    this.stop();
  }

  /** The devices the server has seen on this space, last seen first. */
  async devices(): Promise<{ devices: SyncDevice[]; thisDevice: string } | null> {
    const config = readSyncConfig(this.deps.storage);
    if (!config) return null;
    return { devices: await (await this.api(config)).devices(), thisDevice: config.device };
  }

  private async api(config: SyncConfig) {
    const [{ syncApi }, { deriveSpaceKeys }] = await Promise.all([import('./sync-api.ts'), import('./sync-crypto.ts')]);
    const keys = await deriveSpaceKeys(config.spaceId, pairingOf(config).key);
    return syncApi({ spaceId: config.spaceId, token: keys.token, device: config.device });
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Runs or stops the session to match the stored entry (changed here or in another tab). */
  private reconcile(): void {
    const config = readSyncConfig(this.deps.storage);
    if (this.running && this.running.spaceId !== config?.spaceId) {
      this.running.abort.abort();
      this.running = null;
      this.leading = false;
    }
    const status = this.view.on && this.view.spaceId === config?.spaceId ? this.view.status : null;
    const syncedAt = this.view.on && this.view.spaceId === config?.spaceId ? this.view.syncedAt : null;
    this.setView(this.viewOf(config, status, syncedAt));
    if (!config || this.running || !this.started) return;
    const abort = new AbortController();
    this.running = { spaceId: config.spaceId, abort };
    const run = async () => {
      if (abort.signal.aborted) return;
      this.leading = true;
      const { runSyncSession } = await import('./sync-session.ts');
      await runSyncSession(config, {
        storage: this.deps.storage, port: await this.deps.port(), onStatus: (next) => this.ownStatus(config.spaceId, next),
      }, abort.signal);
    };
    const done = (error: unknown) => {
      if (!abort.signal.aborted) console.error('Sync stopped.', error);
    };
    if (typeof navigator.locks?.request === 'function') {
      navigator.locks.request(LOCK_NAME, { signal: abort.signal }, run).catch(done);
    } else {
      run().catch(done);
    }
    this.channel?.postMessage({ type: 'ask' } satisfies ChannelMessage);
  }

  private ownStatus(spaceId: string, status: SyncStatus): void {
    if (!this.view.on || this.view.spaceId !== spaceId) return;
    const syncedAt = status.state === 'synced' ? this.now().toISOString() : this.view.syncedAt;
    this.setView({ ...this.view, status, syncedAt });
    this.channel?.postMessage({ type: 'status', spaceId, status, syncedAt } satisfies ChannelMessage);
  }

  private hear(message: ChannelMessage): void {
    if (message.type === 'ask') {
      if (this.leading && this.view.on && this.view.status) {
        this.channel?.postMessage({ type: 'status', spaceId: this.view.spaceId, status: this.view.status, syncedAt: this.view.syncedAt } satisfies ChannelMessage);
      }
      return;
    }
    if (this.leading || !this.view.on || this.view.spaceId !== message.spaceId) return;
    this.setView({ ...this.view, status: message.status, syncedAt: message.syncedAt });
  }

  private viewOf(config: SyncConfig | null, status: SyncStatus | null, syncedAt: string | null): SyncView {
    return config ? { on: true, spaceId: config.spaceId, since: config.since, status, syncedAt } : OFF;
  }

  private setView(view: SyncView): void {
    if (JSON.stringify(view) === JSON.stringify(this.view)) return;
    this.view = view;
    for (const listener of this.listeners) listener();
  }
}

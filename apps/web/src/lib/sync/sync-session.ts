import { storedReplicaText } from '@grove/domain/replica/stored-workspace';
import { toBase64Url } from '@grove/domain/sync/sync-wire';
import * as Y from 'yjs';
import { RealtimeClient } from '@/lib/realtime-client.ts';
import { randomWriterId } from '@/lib/workspace-store/stored-header.ts';
import { syncApi } from './sync-api.ts';
import { pairingOf, readSyncConfig, writeSyncConfig, type SyncConfig } from './sync-config.ts';
import { deriveSpaceKeys } from './sync-crypto.ts';
import { SyncEngine, type SyncPort, type SyncProgress, type SyncStatus } from './sync-engine.ts';
import { SyncJoinError } from './sync-errors.ts';

// The part of sync that talks to the server (decision 068), loaded only once sync is on: in the one tab of the browser
// that holds the sync lock (sync-controller.ts), the engine on the workspace store, woken by the server's push of new
// sequence numbers, by the network coming back, by the tab being shown again, and once a minute.

/** How often the running tab asks the space for news without a push (a lost push, a relay that restarted). */
export const SYNC_POLL_MS = 60_000;
/** After an exchange that could not reach the server, the next tries: a restart or a short outage costs seconds. */
export const SYNC_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

export interface SessionDeps {
  storage: Storage;
  port: SyncPort;
  onStatus: (status: SyncStatus) => void;
  /** A realtime connection of its own (tests give a fake); none: polling only. */
  realtime?: (() => Pick<RealtimeClient, 'connect' | 'close' | 'watchSyncSpace'>) | null;
}

/**
 * Runs sync for the stored space until `signal` aborts; returns then. Progress is written back into the stored entry
 * as it moves, unless the entry was removed or replaced meanwhile (sync stopped in another tab).
 */
export async function runSyncSession(config: SyncConfig, deps: SessionDeps, signal: AbortSignal): Promise<void> {
  const keys = await deriveSpaceKeys(config.spaceId, pairingOf(config).key);
  if (signal.aborted) return;
  const api = syncApi({ spaceId: config.spaceId, token: keys.token, device: config.device });
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const engine = new SyncEngine({
    keys, device: config.device, port: deps.port, server: api, progress: config.progress,
    saveProgress: (progress) => saveProgress(deps.storage, config, progress),
    onStatus: (status) => {
      deps.onStatus(status);
      clearTimeout(retry);
      if (status.state === 'offline') {
        retry = setTimeout(wake, SYNC_RETRY_DELAYS_MS[Math.min(failures, SYNC_RETRY_DELAYS_MS.length - 1)]);
        failures += 1;
      } else if (status.state === 'synced') failures = 0;
    },
  });
  function wake(): void {
    if (!signal.aborted) void engine.sync();
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  const timer = setInterval(wake, SYNC_POLL_MS);
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', onVisible);
  const realtime = deps.realtime === undefined ? new RealtimeClient() : deps.realtime?.() ?? null;
  const unwatch = realtime?.watchSyncSpace(config.spaceId, keys.token, (event) => {
    if (event !== 'refused') wake();
  });
  realtime?.connect();
  void engine.start();
  await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  engine.stop();
  clearTimeout(retry);
  unwatch?.();
  realtime?.close();
  clearInterval(timer);
  window.removeEventListener('online', wake);
  document.removeEventListener('visibilitychange', onVisible);
}

function saveProgress(storage: Storage, config: SyncConfig, progress: SyncProgress): void {
  const current = readSyncConfig(storage);
  if (current?.spaceId !== config.spaceId || current.device !== config.device) return;
  try {
    writeSyncConfig(storage, { ...current, progress });
  } catch (error) {
    // Kept in memory meanwhile; at worst the next start sends again what the space has (Yjs applies it once).
    console.error('Could not save the sync progress.', error);
  }
}

/** A SyncPort on a bare document: what a browser with no workspace yet downloads into before it keeps it. */
function docPort(doc: Y.Doc): SyncPort {
  return {
    onDocumentUpdate: () => () => {},
    applyFromSync: (update) => Y.applyUpdateV2(doc, update, 'sync'),
    encodeState: (vector) => Y.encodeStateAsUpdateV2(doc, vector),
    stateVector: () => Y.encodeStateVector(doc),
  };
}

/**
 * Everything the space holds, opened and merged into a new document, as the workspace's stored text, with the
 * progress of a device that has read it all and sent nothing (its own document was empty). Throws SyncJoinError
 * when the space could not be read whole.
 */
export async function downloadSpace(config: SyncConfig): Promise<{ stored: string; progress: SyncProgress }> {
  const keys = await deriveSpaceKeys(config.spaceId, pairingOf(config).key);
  const doc = new Y.Doc();
  let progress = config.progress;
  const last: { status: SyncStatus } = { status: { state: 'syncing' } };
  const engine = new SyncEngine({
    keys, device: config.device, port: docPort(doc), server: syncApi({ spaceId: config.spaceId, token: keys.token, device: config.device }),
    progress: { ...progress, sentVector: toBase64Url(Y.encodeStateVector(doc)) },
    saveProgress: (next) => (progress = next),
    onStatus: (next) => (last.status = next),
  });
  await engine.start();
  engine.stop();
  if (last.status.state !== 'synced') throw new SyncJoinError(last.status);
  const sentVector = toBase64Url(Y.encodeStateVector(doc));
  return { stored: storedReplicaText(doc, 1, randomWriterId()), progress: { ...progress, sentVector } };
}

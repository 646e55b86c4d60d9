import { fromBase64Url, pairingFragment, SPACE_KEY_BYTES, SYNC_ID_BYTES, toBase64Url, type Pairing } from '@grove/domain/sync/sync-wire';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import type { SyncProgress } from './sync-engine.ts';

// What a browser keeps of its sync space (decision 068): under its own key beside the workspace, never inside it, so
// an export or a restore point never carries the key. Written by the tab that runs sync; read by every tab.

export interface SyncConfig {
  version: 1;
  spaceId: string;
  /** The space key, base64url (32 bytes). */
  key: string;
  /** This browser's device id, base64url (16 bytes). */
  device: string;
  /** When this browser joined the space or made it (ISO). */
  since: string;
  progress: SyncProgress;
}

const isId = (value: unknown): value is string => typeof value === 'string' && fromBase64Url(value, SYNC_ID_BYTES) !== null;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isProgress(value: unknown): value is SyncProgress {
  if (typeof value !== 'object' || value === null) return false;
  const { counter, lastSeq, accepted, sentVector, snapshotSeq } = value as Record<string, unknown>;
  return isCount(counter) && isCount(lastSeq)
    && typeof accepted === 'object' && accepted !== null && Object.entries(accepted).every(([id, count]) => isId(id) && isCount(count))
    && (sentVector === undefined || typeof sentVector === 'string')
    && (snapshotSeq === undefined || isCount(snapshotSeq));
}

/** The stored entry when it is one of ours, whole; null otherwise (absent, or not readable: sync stays off). */
export function parseSyncConfig(text: string | null): SyncConfig | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { version, spaceId, key, device, since, progress } = value as Record<string, unknown>;
  const valid = version === 1 && isId(spaceId) && typeof key === 'string' && fromBase64Url(key, SPACE_KEY_BYTES) !== null
    && isId(device) && typeof since === 'string' && isProgress(progress);
  return valid ? value as SyncConfig : null;
}

export function readSyncConfig(storage: Storage): SyncConfig | null {
  try {
    return parseSyncConfig(storage.getItem(STORAGE_KEYS.sync));
  } catch {
    return null;
  }
}

/** Throws when storage refuses it (quota, disabled): the caller says so and sync does not start. */
export function writeSyncConfig(storage: Storage, config: SyncConfig): void {
  storage.setItem(STORAGE_KEYS.sync, JSON.stringify(config));
}

export function removeSyncConfig(storage: Storage): void {
  try {
    storage.removeItem(STORAGE_KEYS.sync);
  } catch (error) {
    console.error('Could not remove the sync settings from storage.', error);
  }
}

/** A new entry for a space this browser makes or joins. */
export function newSyncConfig(pairing: Pairing, device: string, now: Date): SyncConfig {
  return {
    version: 1, spaceId: pairing.spaceId, key: toBase64Url(pairing.key), device, since: now.toISOString(),
    progress: { counter: 0, lastSeq: 0, accepted: {} },
  };
}

export function pairingOf(config: SyncConfig): Pairing {
  const key = fromBase64Url(config.key, SPACE_KEY_BYTES);
  if (!key) throw new Error('The stored sync key is not 32 bytes.');
  return { spaceId: config.spaceId, key };
}

/** The link that pairs another device: this site's address with the space in its fragment (never sent anywhere). */
export function pairingLink(config: SyncConfig, origin: string): string {
  return `${origin}/${pairingFragment(pairingOf(config))}`;
}

import { SYNC_SNAPSHOT_MAX_BYTES, SYNC_UPDATE_MAX_BYTES } from '@grove/domain/sync/sync-wire';

const MIB = 1024 * 1024;

/** What one sync space and one client address may use (decision 068); each refusal has its own code. */
export interface SyncLimits {
  /** Bytes stored per space (its updates and its snapshot); an append past it is 413 syncSpaceFull. */
  spaceMaxBytes: number;
  /** One update's body; 413 syncUpdateTooLarge. */
  updateMaxBytes: number;
  /** One snapshot's body; 413 syncSnapshotTooLarge. */
  snapshotMaxBytes: number;
  /** Updates appended per space in one window of `rateWindowMs`, over all instances; 429 syncTooManyUpdates. */
  updatesPerWindow: number;
  rateWindowMs: number;
  /** Spaces one client address (IPv6 by /64) may create in an hour, over all instances; 429 syncTooManySpaces. */
  spacesPerClientPerHour: number;
  /** Updates one page of GET …/updates holds at most (the `limit` query's ceiling), and when `limit` is absent. */
  pageMaxUpdates: number;
  pageDefaultUpdates: number;
  /** Bytes one page holds at most; a page always holds its first record, so a large snapshot is a page alone. */
  pageMaxBytes: number;
  /** Devices remembered per space; the one seen longest ago is forgotten when a new one would pass it. */
  devicesPerSpace: number;
}

export const SPACE_MAX_BYTES = 50 * MIB;
export const UPDATE_MAX_BYTES = SYNC_UPDATE_MAX_BYTES;
export const SNAPSHOT_MAX_BYTES = SYNC_SNAPSHOT_MAX_BYTES;
export const UPDATES_PER_MINUTE = 600;
export const SPACES_PER_CLIENT_PER_HOUR = 20;

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  spaceMaxBytes: SPACE_MAX_BYTES,
  updateMaxBytes: UPDATE_MAX_BYTES,
  snapshotMaxBytes: SNAPSHOT_MAX_BYTES,
  updatesPerWindow: UPDATES_PER_MINUTE,
  rateWindowMs: 60_000,
  spacesPerClientPerHour: SPACES_PER_CLIENT_PER_HOUR,
  pageMaxUpdates: 1000,
  pageDefaultUpdates: 500,
  pageMaxBytes: 4 * MIB,
  devicesPerSpace: 50,
};

/** SYNC_SPACE_TTL_DAYS: a space nobody used for this long is removed with everything in it. */
export const DEFAULT_SYNC_SPACE_TTL_DAYS = 180;
/** How often each instance removes expired spaces and forgets creations older than an hour. */
export const DEFAULT_SYNC_SWEEP_MS = 60 * 60_000;

/** Where a space's window stands: how many updates it took and when it started (the database's clock). */
export interface RateWindow {
  start: Date;
  count: number;
}

/**
 * Whether one more update fits the space's window at `now`: a window ends `windowMs` after its first update, and
 * the next update starts a new one. Returns the window after the update, or the seconds until the current one ends.
 */
export function takeFromWindow(
  window: RateWindow, now: Date, limit: number, windowMs: number,
): { ok: true; window: RateWindow } | { ok: false; retryAfterSeconds: number } {
  const ends = window.start.getTime() + windowMs;
  if (now.getTime() >= ends) return { ok: true, window: { start: now, count: 1 } };
  if (window.count < limit) return { ok: true, window: { start: window.start, count: window.count + 1 } };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}

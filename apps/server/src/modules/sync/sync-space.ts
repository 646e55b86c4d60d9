import type { RateWindow } from './sync-limits.ts';

/** A space as its requests need it; `now` is the database's clock, the one the rate window is kept on. */
export interface SpaceState {
  /** SHA-256 of the space's access token. */
  tokenHash: Buffer;
  /** Bytes stored: its updates' bodies and its snapshot's. */
  bytes: number;
  /** The sequence number of its last update (0: none yet). */
  lastSeq: number;
  window: RateWindow;
  now: Date;
}

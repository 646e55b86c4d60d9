import type { SyncStatus } from './sync-engine.ts';

// Sync's failures as the engine and the screens tell them apart from a network failure (a TypeError).

/** The relay refused a request (its status and the code it named); a failure to reach it stays a TypeError. */
export class SyncRequestError extends Error {
  constructor(readonly status: number, readonly code: string | null, message: string) {
    super(message);
    this.name = 'SyncRequestError';
  }
}

/** Joining a space stopped before the space was read whole (`status`: why); nothing was kept. */
export class SyncJoinError extends Error {
  constructor(readonly status: SyncStatus) {
    super(`Joining the sync space failed: ${JSON.stringify(status)}`);
    this.name = 'SyncJoinError';
  }
}

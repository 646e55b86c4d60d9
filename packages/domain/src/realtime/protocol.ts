// The realtime protocol's plain numbers and names (decision 023), without zod: the public pages' small client
// (apps/web/src/public/realtime.ts) reads them from here; messages.ts re-exports them beside its schemas.

/** Server heartbeat period and the time a client has to answer before it is closed. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
/** The longest refused topic an `error` message echoes back (a longer one is not named). */
export const MAX_ECHOED_TOPIC_LENGTH = 200;
/** Browser reconnect delays; the last repeats. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** The subscription to a sync space's new sequence numbers; it names the space and proves its token. */
export const SYNC_TOPIC = 'sync';

// Visitor presence (docs/product.md, Visitor presence): outside /admin every visitor joins the presence channel with
// a generated visitor id and its online time, and leaves on exit or on entering admin. The realtime client
// re-sends the join after every reconnect by itself (lib/realtime-client.ts).
import type { RealtimeClient } from './realtime-client.ts';

export type PresenceConnection = Pick<RealtimeClient, 'connect' | 'close' | 'joinPresence' | 'leavePresence'>;

/** A random id for this tab's visit; randomUUID needs a secure context, so plain http on a LAN gets the fallback. */
export function newVisitorId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `visitor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * One presence connection for the whole tab, held by the layouts outside admin. The last holder's release waits a
 * tick, so moving from the site frame to the app frame (one unmounts, the other mounts) keeps the same connection.
 */
export function createPresenceLease(
  create: () => PresenceConnection,
  visitorId: string = newVisitorId(),
  now: () => Date = () => new Date(),
) {
  let connection: PresenceConnection | undefined;
  let holders = 0;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    acquire(): void {
      holders += 1;
      clearTimeout(closeTimer);
      closeTimer = undefined;
      if (connection) return;
      connection = create();
      connection.joinPresence(visitorId, now().toISOString());
      connection.connect();
    },
    release(): void {
      if (holders === 0) return;
      holders -= 1;
      if (holders > 0) return;
      closeTimer = setTimeout(() => {
        closeTimer = undefined;
        if (holders > 0 || !connection) return;
        connection.leavePresence();
        connection.close();
        connection = undefined;
      }, 0);
    },
  };
}

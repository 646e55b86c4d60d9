// Visitor presence (docs/product.md, Visitor presence): outside /admin every visitor joins the presence channel with
// a generated visitor id and its online time, and leaves on exit or on entering admin. The realtime client
// re-sends the join after every reconnect by itself (lib/realtime-client.ts).
import type { RealtimeClient } from './realtime-client.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export type PresenceConnection = Pick<RealtimeClient, 'connect' | 'close' | 'joinPresence' | 'leavePresence'>;

/** A random id for this tab's visit; randomUUID needs a secure context, so plain http on a LAN gets the fallback. */
export function newVisitorId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `visitor-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export interface Visit {
  visitorId: string;
  onlineAt: string;
}

const isVisit = (value: unknown): value is Visit => typeof value === 'object' && value !== null
  && typeof (value as Visit).visitorId === 'string' && (value as Visit).visitorId.length > 0 && (value as Visit).visitorId.length <= 100
  && typeof (value as Visit).onlineAt === 'string' && !Number.isNaN(Date.parse((value as Visit).onlineAt));

/**
 * This tab's visit: one visitor id and online time for every page it loads (each public page is a page load, decision
 * 075, and so is the step into the app), kept in session storage, so a visit counts once however many pages it sees.
 * Without session storage, each page is a visit of its own.
 */
export function sessionVisit(now: () => Date = () => new Date()): Visit {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
    const kept: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.visit) ?? 'null');
    if (isVisit(kept)) return kept;
  } catch {
    // Unreadable or unavailable: a new visit below.
  }
  const visit = { visitorId: newVisitorId(), onlineAt: now().toISOString() };
  try {
    storage?.setItem(STORAGE_KEYS.visit, JSON.stringify(visit));
  } catch {
    // Full or refused: this page's visit is still counted.
  }
  return visit;
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

import { useEffect } from 'react';
import { whenIdle } from './when-idle.ts';
import { createPresenceLease, sessionVisit, type PresenceConnection } from './visitor-presence.ts';

// The realtime client is loaded when the browser is first idle after the mount (2 s at the latest), so neither the
// landing page's first load nor a screen's first frames (the board drawn, the first keys typed in a page) carry it.
let lease: ReturnType<typeof createPresenceLease> | undefined;
let loading: Promise<ReturnType<typeof createPresenceLease>> | undefined;

function presenceLease(): Promise<ReturnType<typeof createPresenceLease>> {
  loading ??= import('./realtime-client.ts').then(({ RealtimeClient }) => {
    const visit = sessionVisit();
    lease = createPresenceLease((): PresenceConnection => new RealtimeClient(), visit.visitorId, () => new Date(visit.onlineAt));
    return lease;
  });
  return loading;
}

/** Joins the visitor presence channel while `active` (a layout outside /admin); docs/product.md, Visitor presence. */
export function useVisitorPresence(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let held = false;
    let cancelled = false;
    const cancelJoin = whenIdle(() => {
      presenceLease().then((ready) => {
        if (cancelled) return;
        ready.acquire();
        held = true;
      }, () => {
        // The realtime code could not be loaded (offline, a new deploy): no presence this time, the next mount retries.
        loading = undefined;
      });
    });
    return () => {
      cancelled = true;
      cancelJoin();
      if (held) lease?.release();
    };
  }, [active]);
}

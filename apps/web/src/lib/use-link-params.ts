import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { latestSearchParams } from '@/lib/latest-search-params.ts';

/**
 * One-shot link parameters (`?new=1`, `?task=<id>`): what another screen's link, the command palette or a
 * shortcut asked this screen for. `onRequest` runs once per navigation that carries any of `keys`, also while the
 * screen is already open (a shortcut pressed on the screen itself), and the keys are then removed from the address
 * so a reload or Back does not ask again.
 */
export function useLinkParams<Key extends string>(keys: readonly Key[], onRequest: (asked: Partial<Record<Key, string>>) => void): void {
  const [params, setParams] = useSearchParams();
  const { key: navigation } = useLocation();
  const handled = useRef<string | null>(null);
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });
  useEffect(() => {
    // Once per navigation: an effect run twice (StrictMode) must not create two pages.
    if (handled.current === navigation || !keys.some((key) => params.has(key))) return;
    handled.current = navigation;
    const asked: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value !== null) asked[key] = value;
    }
    // Removed first: a request that navigates (a new page opens) then leaves this address behind it, clean.
    setParams(() => {
      const next = latestSearchParams();
      for (const key of keys) next.delete(key);
      return next;
    }, { replace: true });
    latest.current(asked);
  }, [keys, navigation, params, setParams]);
}

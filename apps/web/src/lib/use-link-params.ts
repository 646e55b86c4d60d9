import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One-shot link parameters (`?new=1`, `?edit=<id>`): what another screen's link asked for, read once when the
 * screen opens, then removed from the address so a reload or Back does not ask again.
 */
export function useLinkParams<Key extends string>(keys: readonly Key[]): Partial<Record<Key, string>> {
  const [params, setParams] = useSearchParams();
  const [asked] = useState(() => {
    const found: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value !== null) found[key] = value;
    }
    return found;
  });
  useEffect(() => {
    if (!keys.some((key) => params.has(key))) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of keys) next.delete(key);
      return next;
    }, { replace: true });
  }, [keys, params, setParams]);
  return asked;
}

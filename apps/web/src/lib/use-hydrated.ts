import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the browser takes over server-rendered HTML (and on the server), true afterwards: what only the
 * browser can know renders from the second pass, so the first matches the server's HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}

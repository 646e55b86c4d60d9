import { useSyncExternalStore } from 'react';

/**
 * Live result of a CSS media query. While the browser takes a server-rendered page over it reads false, as the
 * server did, so markup that depends on it matches the server's. `readWhileHydrating` reads the real value at once:
 * for a value no server-rendered markup depends on (the theme), whose change just after hydration would otherwise
 * reach the page's not yet hydrated routes and make React drop their server HTML (decision 059).
 */
export function useMediaQuery(query: string, { readWhileHydrating = false }: { readWhileHydrating?: boolean } = {}): boolean {
  const read = () => window.matchMedia(query).matches;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    read,
    () => (readWhileHydrating && typeof window !== 'undefined' ? read() : false),
  );
}

/** Tailwind's md breakpoint (48rem = 768 px). */
export const MEDIUM_UP = '(min-width: 768px)';

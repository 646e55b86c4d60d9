import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { OfflineNotice } from '@/components/offline-notice.tsx';
import { useOnline } from '@/lib/use-online.ts';

/** True when the screen shown has asked for server data and has all of it (from before the connection went). */
function shownDataLoaded(client: QueryClient): boolean {
  const observed = client.getQueryCache().getAll().filter((query) => query.getObserversCount() > 0);
  return observed.length > 0 && observed.every((query) => query.state.data !== undefined);
}

/**
 * Offline, a screen that needs the server shows the offline notice instead of a spinner or an error; a screen whose
 * data is already here stays readable. Back online, the screen renders again and loads (decision 055).
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const online = useOnline();
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const loaded = useSyncExternalStore(subscribe, () => shownDataLoaded(client), () => true);
  return online || loaded ? children : <OfflineNotice />;
}

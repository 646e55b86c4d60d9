import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onPatch` when the realtime bridge (lib/queries/realtime-bridge.ts) writes new data into this query, i.e. a
 * live UPDATE, never for a fetch or a refetch. The bridge's writes are `setQueryData` calls: TanStack Query marks
 * them `manual`. A write equal to what is there (the same UPDATE heard on two topics) keeps the cached object, so
 * it is not reported twice.
 */
export function useLivePatch<T>(queryKey: QueryKey, onPatch: (data: T) => void): void {
  const queryClient = useQueryClient();
  const report = useEffectEvent((data: T) => onPatch(data));
  const hash = hashKey(queryKey);
  useEffect(() => {
    let last: unknown = queryClient.getQueryCache().get(hash)?.state.data;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryHash !== hash || event.type !== 'updated') return;
      const data: unknown = event.query.state.data;
      const patched = event.action.type === 'success' && event.action.manual === true && data !== undefined && data !== last;
      last = data;
      if (patched) report(data as T);
    });
  }, [queryClient, hash]);
}

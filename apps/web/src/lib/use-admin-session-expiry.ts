import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from './api-error.ts';

/**
 * An admin call refused for want of a session (docs/product.md, Admin security): the server session expired or
 * was ended elsewhere. A 401 at login is a wrong key instead (api-client names it 'invalidSecretKey').
 */
export function isSessionEndedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== 'invalidSecretKey';
}

/** Calls `onEnded` when any query or mutation of this cache fails with an ended session; returns the stop function. */
export function watchSessionEnd(queryClient: QueryClient, onEnded: () => void): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isSessionEndedError(event.action.error)) onEnded();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isSessionEndedError(event.action.error)) onEnded();
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

/** While mounted under a QueryClientProvider, any 401 from an admin call runs `onEnded` (once per mount). */
export function useAdminSessionExpiry(onEnded: () => void): void {
  const queryClient = useQueryClient();
  const latest = useRef(onEnded);
  useEffect(() => {
    latest.current = onEnded;
  });
  useEffect(() => {
    let done = false;
    return watchSessionEnd(queryClient, () => {
      if (done) return;
      done = true;
      latest.current();
    });
  }, [queryClient]);
}

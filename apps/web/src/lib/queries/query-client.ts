import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-error.ts';

/** Retries a failed read twice when trying again can help (no connection, a 5xx, a 429); never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Realtime events patch or invalidate the cache (realtime-bridge.ts), so data shown is kept fresh
        // without refetching on every mount or window focus.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}

let shared: QueryClient | undefined;

/** One cache for the site and the admin screens, so moving between them keeps what was loaded. */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}

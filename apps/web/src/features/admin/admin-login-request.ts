import { ApiError, apiErrorKey } from '@/lib/api-error.ts';

// The login call. The shared ApiError does not carry the Retry-After header of a 429, so this client's fetch
// keeps it: the admin reads how long to wait (docs/product.md, Admin security: attempts are limited per client).
// The client (and zod with it) loads on the first attempt, so the login screen's own chunk stays small; the admin
// shell it opens needs it anyway.

export type LoginOutcome =
  | { kind: 'granted' }
  | { kind: 'limited'; waitSeconds: number }
  | { kind: 'failed'; messageKey: ReturnType<typeof apiErrorKey> };

/** Seconds from a Retry-After header (seconds or an HTTP date); 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const at = Date.parse(value);
  if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  return 60;
}

export async function requestLogin(key: string, doFetch: typeof fetch = (input, init) => fetch(input, init)): Promise<LoginOutcome> {
  let retryAfter: string | null = null;
  let createApiClient;
  try {
    ({ createApiClient } = await import('@/lib/api-client.ts'));
  } catch {
    // The chunk could not be fetched (offline, a new deploy): the same as an unreachable server.
    return { kind: 'failed', messageKey: 'errors.api.network' };
  }
  const client = createApiClient({
    fetch: async (input, init) => {
      const response = await doFetch(input, init);
      retryAfter = response.headers.get('retry-after');
      return response;
    },
  });
  try {
    await client.login(key);
    return { kind: 'granted' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return { kind: 'limited', waitSeconds: retryAfterSeconds(retryAfter) };
    return { kind: 'failed', messageKey: apiErrorKey(error) };
  }
}

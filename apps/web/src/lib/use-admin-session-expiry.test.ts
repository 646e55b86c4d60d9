import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { isSessionEndedError, watchSessionEnd } from './use-admin-session-expiry.ts';

describe('isSessionEndedError', () => {
  it('is a 401 from an admin call, not a wrong key nor another failure', () => {
    expect(isSessionEndedError(new ApiError(401, 'unauthorized'))).toBe(true);
    expect(isSessionEndedError(new ApiError(401, 'invalidSecretKey'))).toBe(false);
    expect(isSessionEndedError(new ApiError(500, 'server'))).toBe(false);
    expect(isSessionEndedError(new Error('401'))).toBe(false);
  });
});

describe('watchSessionEnd', () => {
  it('reports a query or mutation refused with 401, and nothing else', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const onEnded = vi.fn();
    const stop = watchSessionEnd(queryClient, onEnded);

    await queryClient.fetchQuery({ queryKey: ['fine'], queryFn: () => 1 });
    await expect(queryClient.fetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new ApiError(500, 'server')) })).rejects.toThrow();
    expect(onEnded).not.toHaveBeenCalled();

    await expect(queryClient.fetchQuery({ queryKey: ['stats'], queryFn: () => Promise.reject(new ApiError(401, 'unauthorized')) })).rejects.toThrow();
    expect(onEnded).toHaveBeenCalledTimes(1);

    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => Promise.reject(new ApiError(401, 'unauthorized')) });
    await expect(mutation.execute(undefined)).rejects.toThrow();
    expect(onEnded).toHaveBeenCalledTimes(2);

    stop();
    await expect(queryClient.fetchQuery({ queryKey: ['later'], queryFn: () => Promise.reject(new ApiError(401, 'unauthorized')) })).rejects.toThrow();
    expect(onEnded).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { requestLogin, retryAfterSeconds } from './admin-login-request.ts';

const reply = (status: number, headers: Record<string, string> = {}, body?: unknown) => vi.fn(() => Promise.resolve(
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
));

describe('retryAfterSeconds', () => {
  it('reads seconds, an HTTP date, or falls back to a minute', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds(new Date(10_000 + 30_000).toUTCString(), 10_000)).toBe(30);
    expect(retryAfterSeconds(null)).toBe(60);
    expect(retryAfterSeconds('soon')).toBe(60);
  });
});

describe('requestLogin', () => {
  it('posts the key and grants on 204', async () => {
    const doFetch = reply(204);
    await expect(requestLogin('the-key', doFetch)).resolves.toEqual({ kind: 'granted' });
    expect(doFetch).toHaveBeenCalledWith('/api/admin/session', expect.objectContaining({ method: 'POST', body: JSON.stringify({ key: 'the-key' }) }));
  });

  it('names a wrong key', async () => {
    await expect(requestLogin('nope', reply(401, {}, { error: 'Invalid secret key.' })))
      .resolves.toEqual({ kind: 'failed', messageKey: 'errors.api.invalidSecretKey' });
  });

  it('carries the wait of a 429', async () => {
    await expect(requestLogin('nope', reply(429, { 'retry-after': '37' }, { error: 'Too many' })))
      .resolves.toEqual({ kind: 'limited', waitSeconds: 37 });
  });

  it('reports an unreachable server', async () => {
    await expect(requestLogin('k', vi.fn(() => Promise.reject(new TypeError('offline')))))
      .resolves.toEqual({ kind: 'failed', messageKey: 'errors.api.network' });
  });
});

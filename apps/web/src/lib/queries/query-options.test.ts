import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client.ts';
import { API_ERROR_CODES, ApiError, apiErrorKey } from '@/lib/api-error.ts';
import { i18next } from '@/i18n/i18n.ts';
import { shouldRetry } from './query-client';
import { adminPostListQuery, adminStatsQuery, postQuery, siteContentListQuery, siteContentQuery } from './query-options';

const answering = (status: number, body: unknown) => createApiClient({
  fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
});

async function failure(run: (client: QueryClient) => Promise<unknown>): Promise<unknown> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return run(client).then(() => undefined, (error: unknown) => error);
}

describe('fetchers: errors reach the user through i18n', () => {
  it('maps each fetcher failure to a code whose message is translated', async () => {
    const cases = [
      { run: (c: QueryClient) => c.fetchQuery(postQuery('nope', answering(404, { error: 'Post not found.' }))), key: 'errors.api.notFound', text: 'This could not be found. It may have been deleted.' },
      { run: (c: QueryClient) => c.fetchQuery(adminPostListQuery(answering(503, { error: 'Down.' }))), key: 'errors.api.unavailable', text: 'The server is unavailable right now. Please try again in a minute.' },
      { run: (c: QueryClient) => c.fetchQuery(siteContentQuery('about', answering(200, { nope: true }))), key: 'errors.api.unexpectedResponse', text: 'The server sent an unexpected response. Please try again.' },
      { run: (c: QueryClient) => c.fetchQuery(siteContentListQuery(answering(500, { error: 'Boom.' }))), key: 'errors.api.server', text: 'Something went wrong on our side. Please try again.' },
      { run: (c: QueryClient) => c.fetchQuery(adminStatsQuery(answering(401, { error: 'Admin session required.' }))), key: 'errors.api.unauthorized', text: 'Admin session required. Please unlock the admin area again.' },
    ];
    for (const { run, key, text } of cases) {
      const error = await failure(run);
      expect(error).toBeInstanceOf(ApiError);
      expect(apiErrorKey(error)).toBe(key);
      expect(i18next.t(apiErrorKey(error))).toBe(text);
    }
  });

  it('reads the admin list from the admin endpoint', async () => {
    const urls: string[] = [];
    const api = createApiClient({
      fetch: (input) => {
        urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        return Promise.resolve(new Response('[]', { status: 200 }));
      },
    });
    const client = new QueryClient();
    await client.fetchQuery(adminPostListQuery(api));
    expect(urls).toEqual(['/api/admin/posts']);
  });

  it('has an English message for every code, and a generic one for anything else', () => {
    for (const code of API_ERROR_CODES) {
      const key = apiErrorKey(new ApiError(500, code));
      expect(i18next.exists(key), key).toBe(true);
    }
    expect(apiErrorKey(new TypeError('x'))).toBe('errors.api.generic');
    expect(i18next.t(apiErrorKey(undefined))).toBe('The request failed. Please try again.');
  });

  it('retries only what trying again can fix, at most twice', () => {
    expect(shouldRetry(0, new ApiError(0, 'network'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'unavailable'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'unavailable'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'notFound'))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});

describe('admin reads', () => {
  it('run only while the admin flag is set, so a screen left at logout does not read again', async () => {
    let calls = 0;
    const counting = createApiClient({
      fetch: () => {
        calls += 1;
        return Promise.resolve(new Response(JSON.stringify({ posts: 1, site_pages: 4, live_visitors: 0 }), { status: 200, headers: { 'content-type': 'application/json' } }));
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const flag of [false, true]) {
      if (flag) window.sessionStorage.setItem('grove-admin', 'true');
      else window.sessionStorage.removeItem('grove-admin');
      const before = calls;
      const observer = new QueryObserver(client, { ...adminStatsQuery(counting), staleTime: 0 });
      const list = new QueryObserver(client, { ...adminPostListQuery(counting), staleTime: 0 });
      const stopList = list.subscribe(() => {});
      const stop = observer.subscribe(() => {});
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      stop();
      stopList();
      client.removeQueries();
      expect(calls - before, `flag ${String(flag)}`).toBe(flag ? 2 : 0);
    }
    window.sessionStorage.removeItem('grove-admin');
  });
});

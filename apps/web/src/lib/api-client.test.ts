import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';

const post = {
  id: '6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f', title: 'T', content: '<p>c</p>', excerpt: 'e', image_url: null, tags: ['a'],
  author: null, created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z',
};

function stubFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchStub = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  };
  return { calls, fetch: fetchStub };
}

describe('api client', () => {
  it('reads and validates posts', async () => {
    const stub = stubFetch(200, [post]);
    const api = createApiClient({ fetch: stub.fetch });
    expect(await api.listPosts()).toEqual([post]);
    expect(stub.calls[0]).toMatchObject({ url: '/api/posts', init: { method: 'GET', credentials: 'same-origin' } });
  });

  it('sends JSON bodies and encodes ids', async () => {
    const stub = stubFetch(200, post);
    const api = createApiClient({ fetch: stub.fetch, baseUrl: 'http://x' });
    await api.updatePost('a/b', { title: 'New' });
    expect(stub.calls[0]?.url).toBe('http://x/api/posts/a%2Fb');
    expect(stub.calls[0]?.init?.body).toBe('{"title":"New"}');
  });

  it('turns error responses into ApiError with the server message', async () => {
    const api = createApiClient({ fetch: stubFetch(401, { error: 'Invalid secret key.' }).fetch });
    await expect(api.login('nope')).rejects.toEqual(new ApiError(401, 'Invalid secret key.'));
  });

  it('reports an unexpected response shape and a network failure clearly', async () => {
    await expect(createApiClient({ fetch: stubFetch(200, [{ id: 1 }]).fetch }).listPosts()).rejects.toThrow('unexpected response');
    const offline = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(offline.listPosts()).rejects.toMatchObject({ status: 0 });
  });
});

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

  it('reports a success that is not JSON (an HTML page from a proxy) as an unexpected response', async () => {
    const html = () => Promise.resolve(new Response('<html>Gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(createApiClient({ fetch: html }).listPosts()).rejects.toEqual(new ApiError(200, 'The server sent an unexpected response.'));
  });

  it('treats 204 as success for login, logout and delete', async () => {
    const stub = stubFetch(204, undefined);
    const api = createApiClient({ fetch: stub.fetch });
    await expect(api.login('a-key')).resolves.toBeUndefined();
    await expect(api.logout()).resolves.toBeUndefined();
    await expect(api.deletePost(post.id)).resolves.toBeUndefined();
    expect(stub.calls.map((call) => call.init?.method)).toEqual(['POST', 'DELETE', 'DELETE']);
  });

  it('passes a 429 and a 5xx without a JSON body on with their status', async () => {
    const limited = createApiClient({ fetch: stubFetch(429, { error: 'Too many failed attempts. Please wait a minute and try again.' }).fetch });
    await expect(limited.login('nope')).rejects.toEqual(new ApiError(429, 'Too many failed attempts. Please wait a minute and try again.'));
    const broken = () => Promise.resolve(new Response('oops', { status: 502 }));
    await expect(createApiClient({ fetch: broken }).getStats()).rejects.toEqual(new ApiError(502, 'Request failed (502).'));
  });
});

import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

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

  it('turns error responses into an ApiError with a code, keeping the server message as detail', async () => {
    const api = createApiClient({ fetch: stubFetch(401, { error: 'Admin session required.' }).fetch });
    await expect(api.getStats()).rejects.toEqual(new ApiError(401, 'unauthorized', 'Admin session required.'));
  });

  it('names what a status means for one endpoint: a wrong key at login, a too large image at upload', async () => {
    const login = createApiClient({ fetch: stubFetch(401, { error: 'Invalid secret key.' }).fetch });
    await expect(login.login('nope')).rejects.toMatchObject({ status: 401, code: 'invalidSecretKey' });
    const upload = createApiClient({ fetch: stubFetch(413, { error: 'File is too large.' }).fetch });
    await expect(upload.uploadImage(new Blob(['x']), 'a.png')).rejects.toMatchObject({ code: 'imageTooLarge' });
    const post = createApiClient({ fetch: stubFetch(413, { error: 'The request body is too large.' }).fetch });
    await expect(post.createPost({ title: 't', excerpt: 'e', content: 'c' })).rejects.toMatchObject({ code: 'tooLarge' });
  });

  it('uses a code the server sends when it is a known one, and the status otherwise', async () => {
    const known = createApiClient({ fetch: stubFetch(400, { error: 'Slow down.', code: 'rateLimited' }).fetch });
    await expect(known.listPosts()).rejects.toMatchObject({ status: 400, code: 'rateLimited' });
    const unknown = createApiClient({ fetch: stubFetch(400, { error: 'Hm.', code: 'something-new' }).fetch });
    await expect(unknown.listPosts()).rejects.toMatchObject({ status: 400, code: 'badRequest' });
  });

  it('reports an unexpected response shape and a network failure clearly', async () => {
    await expect(createApiClient({ fetch: stubFetch(200, [{ id: 1 }]).fetch }).listPosts()).rejects.toMatchObject({ code: 'unexpectedResponse' });
    const offline = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(offline.listPosts()).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('reports a success that is not JSON (an HTML page from a proxy) as an unexpected response', async () => {
    const html = () => Promise.resolve(new Response('<html>Gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(createApiClient({ fetch: html }).listPosts()).rejects.toEqual(new ApiError(200, 'unexpectedResponse'));
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
    await expect(limited.login('nope')).rejects.toEqual(new ApiError(429, 'rateLimited', 'Too many failed attempts. Please wait a minute and try again.'));
    const broken = () => Promise.resolve(new Response('oops', { status: 502 }));
    await expect(createApiClient({ fetch: broken }).getStats()).rejects.toEqual(new ApiError(502, 'unavailable'));
    const failing = createApiClient({ fetch: stubFetch(500, { error: 'Something went wrong on our side.' }).fetch });
    await expect(failing.getStats()).rejects.toMatchObject({ status: 500, code: 'server' });
  });
});

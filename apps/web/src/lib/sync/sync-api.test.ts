import { describe, expect, it } from 'vitest';
import { syncApi } from './sync-api.ts';
import { SyncRequestError } from './sync-errors.ts';

const access = { spaceId: 'A'.repeat(22), token: 'T'.repeat(43), device: 'D'.repeat(22) };

/** A fetch that records each request and answers with `respond`'s response. */
function recorder(respond: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return Promise.resolve(respond(url, init));
  };
  return { calls, fetch };
}

describe('the sync relay client', () => {
  it('sends the token and the device with every call on a space, and bodies as bytes', async () => {
    const { calls, fetch } = recorder(() => Response.json({ seq: 7 }, { status: 201 }));
    const api = syncApi({ ...access, fetch });
    await expect(api.append(Uint8Array.of(1, 2))).resolves.toEqual({ seq: 7 });
    const [call] = calls;
    expect(call?.url).toBe(`/api/sync/spaces/${access.spaceId}/updates`);
    expect(call?.init).toMatchObject({
      method: 'POST', credentials: 'omit',
      headers: { authorization: `Bearer ${access.token}`, 'x-grove-device': access.device, 'content-type': 'application/octet-stream' },
    });
    expect(call?.init.body).toEqual(Uint8Array.of(1, 2));
  });

  it('reads a page as records with the cursor of the next one', async () => {
    const page = Uint8Array.from([1, 2, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 1, 9]);
    const { calls, fetch } = recorder(() => new Response(page, { headers: { 'x-grove-sync-next': '5' } }));
    await expect(syncApi({ ...access, fetch }).read(4)).resolves.toEqual({ records: [{ kind: 'update', seq: 5, body: Uint8Array.of(9) }], next: 5 });
    expect(calls[0]?.url).toBe(`/api/sync/spaces/${access.spaceId}/updates?after=4`);
  });

  it('a refusal carries its status and code; the space is created with its token in the body, never in the address', async () => {
    const { calls, fetch } = recorder(() => Response.json({ error: 'No.', code: 'syncForbidden' }, { status: 403 }));
    const api = syncApi({ ...access, fetch });
    await expect(api.devices()).rejects.toEqual(new SyncRequestError(403, 'syncForbidden', 'No.'));
    await expect(api.createSpace()).rejects.toBeInstanceOf(SyncRequestError);
    expect(calls[1]?.url).toBe('/api/sync/spaces');
    expect(JSON.parse(calls[1]?.init.body as string)).toEqual({ id: access.spaceId, token: access.token });
    expect(calls.every((call) => !call.url.includes(access.token))).toBe(true);
  });
});

import { decodeSyncPage } from '@grove/domain/sync/sync-wire';
import type { SyncServer } from './sync-engine.ts';
import { SyncRequestError } from './sync-errors.ts';

// The sync relay's HTTP API as a device calls it (apps/server/src/modules/sync, decision 068): the space's access
// token as a Bearer token, this device's id in X-Grove-Device, bodies as opaque bytes. Holds no user-facing text:
// the engine turns failures into its status.

export interface SyncSpaceAccess {
  spaceId: string;
  token: string;
  device: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface SyncDevice {
  device: string;
  lastSeq: number;
  lastSeenAt: string;
}

const OCTET_STREAM = 'application/octet-stream';

export function syncApi(access: SyncSpaceAccess): SyncServer & {
  createSpace(): Promise<void>;
  devices(): Promise<SyncDevice[]>;
  deleteSpace(): Promise<void>;
} {
  const base = `${access.baseUrl ?? ''}/api/sync/spaces`;
  const doFetch = access.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const headers = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${access.token}`, 'x-grove-device': access.device, ...extra });

  async function call(path: string, init: RequestInit): Promise<Response> {
    const response = await doFetch(`${base}${path}`, { credentials: 'omit', cache: 'no-store', ...init });
    if (!response.ok) {
      const body = await response.json().catch(() => null) as { error?: unknown; code?: unknown } | null;
      const code = typeof body?.code === 'string' ? body.code : null;
      throw new SyncRequestError(response.status, code, typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`);
    }
    return response;
  }

  const space = `/${access.spaceId}`;
  return {
    async createSpace() {
      await call('', {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-grove-device': access.device },
        body: JSON.stringify({ id: access.spaceId, token: access.token }),
      });
    },
    async append(body) {
      const response = await call(`${space}/updates`, { method: 'POST', headers: headers({ 'content-type': OCTET_STREAM }), body: new Uint8Array(body) });
      return await response.json() as { seq: number };
    },
    async read(after) {
      const response = await call(after === null ? `${space}/updates` : `${space}/updates?after=${after}`, { headers: headers() });
      const next = response.headers.get('x-grove-sync-next');
      return { records: decodeSyncPage(new Uint8Array(await response.arrayBuffer())), next: next === null ? null : Number(next) };
    },
    async putSnapshot(covers, body) {
      await call(`${space}/snapshot?covers=${covers}`, { method: 'PUT', headers: headers({ 'content-type': OCTET_STREAM }), body: new Uint8Array(body) });
    },
    async devices() {
      const response = await call(`${space}/devices`, { headers: headers() });
      const { devices } = await response.json() as { devices: { device: string; last_seq: number; last_seen_at: string }[] };
      return devices.map((entry) => ({ device: entry.device, lastSeq: entry.last_seq, lastSeenAt: entry.last_seen_at }));
    },
    async deleteSpace() {
      await call(space, { method: 'DELETE', headers: headers() });
    },
  };
}

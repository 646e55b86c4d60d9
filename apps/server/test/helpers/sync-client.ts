import { randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Db } from '../../src/db/db.ts';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from '../../src/modules/sync/sync-limits.ts';
import { openTestDatabase, testApp, type Engine, type TestDatabase } from './test-app.ts';
import { connect, type TestSocket } from './ws-client.ts';

/** A new space's or device's id, as a device makes it: 16 random bytes, base64url without padding. */
export const newSyncId = (): string => randomBytes(16).toString('base64url');
/** An access token as a device derives it (here simply 32 random bytes). */
export const newSyncToken = (): string => randomBytes(32).toString('base64url');

export interface DecodedRecord {
  kind: 'snapshot' | 'update';
  seq: number;
  body: Buffer;
}

/** Reads a page of GET …/updates (decision 068's wire format) the way a device would, refusing anything else. */
export function decodePage(page: Buffer): DecodedRecord[] {
  if (page.byteLength < 1 || page.readUInt8(0) !== 1) throw new Error(`not format 1: ${page.subarray(0, 16).toString('hex')}`);
  const records: DecodedRecord[] = [];
  let offset = 1;
  while (offset < page.byteLength) {
    if (offset + 13 > page.byteLength) throw new Error('a record header is cut short');
    const kind = page.readUInt8(offset);
    if (kind !== 1 && kind !== 2) throw new Error(`unknown record kind ${kind}`);
    const seq = Number(page.readBigUInt64BE(offset + 1));
    const length = page.readUInt32BE(offset + 9);
    const end = offset + 13 + length;
    if (end > page.byteLength) throw new Error('a record body is cut short');
    records.push({ kind: kind === 1 ? 'snapshot' : 'update', seq, body: Buffer.from(page.subarray(offset + 13, end)) });
    offset = end;
  }
  return records;
}

/** A record as tests compare it: its kind, seq and body in hex. */
export const shown = (record: DecodedRecord) => ({ kind: record.kind, seq: record.seq, body: record.body.toString('hex') });

/** One space driven through app.inject, as a device would: its id, token and device id (null: no X-Grove-Device). */
export class TestSpace {
  readonly id: string;
  readonly token: string;
  readonly device: string | null;
  private readonly remoteAddress: string;

  constructor(
    private readonly app: FastifyInstance,
    options: { id?: string; token?: string; device?: string | null; remoteAddress?: string } = {},
  ) {
    this.id = options.id ?? newSyncId();
    this.token = options.token ?? newSyncToken();
    this.device = options.device === undefined ? newSyncId() : options.device;
    this.remoteAddress = options.remoteAddress ?? '127.0.0.1';
  }

  /** The same space seen from another device (null: a request without X-Grove-Device). */
  as(device: string | null): TestSpace {
    return new TestSpace(this.app, { id: this.id, token: this.token, device, remoteAddress: this.remoteAddress });
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...(this.device === null ? {} : { 'x-grove-device': this.device }), ...extra };
  }

  create(): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST', url: '/api/sync/spaces', remoteAddress: this.remoteAddress,
      headers: this.device === null ? {} : { 'x-grove-device': this.device }, payload: { id: this.id, token: this.token },
    });
  }

  append(body: Uint8Array, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'POST', url: `/api/sync/spaces/${this.id}/updates`, headers: this.headers({ 'content-type': 'application/octet-stream', ...headers }),
      payload: Buffer.from(body),
    });
  }

  /** Appends and returns the seq, failing the test on any refusal. */
  async appendOk(body: Uint8Array): Promise<number> {
    const response = await this.append(body);
    if (response.statusCode !== 201) throw new Error(`append refused: ${response.statusCode} ${response.body}`);
    return response.json<{ seq: number }>().seq;
  }

  read(query = ''): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'GET', url: `/api/sync/spaces/${this.id}/updates${query}`, headers: this.headers() });
  }

  async readOk(query = ''): Promise<{ records: DecodedRecord[]; next: string | undefined }> {
    const response = await this.read(query);
    if (response.statusCode !== 200) throw new Error(`read refused: ${response.statusCode} ${response.body}`);
    const next = response.headers['x-grove-sync-next'];
    return { records: decodePage(response.rawPayload), next: typeof next === 'string' ? next : undefined };
  }

  snapshot(covers: number | string, body: Uint8Array): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: 'PUT', url: `/api/sync/spaces/${this.id}/snapshot?covers=${covers}`,
      headers: this.headers({ 'content-type': 'application/octet-stream' }), payload: Buffer.from(body),
    });
  }

  devices(): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'GET', url: `/api/sync/spaces/${this.id}/devices`, headers: this.headers() });
  }

  delete(): Promise<LightMyRequestResponse> {
    return this.app.inject({ method: 'DELETE', url: `/api/sync/spaces/${this.id}`, headers: this.headers() });
  }
}

/**
 * Sends a request's head and only the start of its body over a raw connection, never the rest, and resolves with
 * what the server answered once a whole JSON answer arrived (or the server closed). A server that waited for the
 * whole body would never answer: the test's timeout then ends it.
 */
export function answerBeforeBody(address: string, head: string[], bodyStart: Buffer): Promise<string> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), hostname);
    let received = '';
    socket.setEncoding('utf8');
    const finish = () => {
      socket.destroy();
      resolve(received);
    };
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (/\r\n\r\n\{.*\}$/s.test(received)) finish();
    });
    socket.once('close', finish);
    socket.once('error', (error) => (received === '' ? reject(error) : finish()));
    socket.once('connect', () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      socket.write(bodyStart);
    });
  });
}

export interface SyncApp {
  database: TestDatabase;
  db: Db;
  app: FastifyInstance;
  /** Where the app listens (http://127.0.0.1:port). */
  address: string;
  /** A space made through the API, as a device makes it (201 checked). */
  space: (options?: ConstructorParameters<typeof TestSpace>[1]) => Promise<TestSpace>;
  /** A realtime socket on the app, closed after the file. */
  socket: () => Promise<TestSocket>;
  /** Rows of the space `id` in a sync table. */
  rowsOf: (table: string, id: string) => Promise<number | undefined>;
}

/**
 * The set-up of a sync test file: one app listening on a copy of the engine's database with the given limits, its
 * sweep every 200 ms, and before each test the per-address creation count cleared (each test makes its own spaces).
 * Read the fields inside hooks and tests (set by beforeAll).
 */
export function useSyncApp(engine: Engine, syncLimits: Partial<SyncLimits>): SyncApp {
  const sockets: TestSocket[] = [];
  const context = {} as SyncApp;
  context.space = async (options = {}) => {
    const made = new TestSpace(context.app, options);
    const response = await made.create();
    expect(response.statusCode, response.body).toBe(201);
    return made;
  };
  context.socket = async () => {
    const opened = await connect(`${context.address.replace('http', 'ws')}/api/realtime`, { origin: context.address });
    sockets.push(opened);
    return opened;
  };
  context.rowsOf = async (table, id) => {
    const column = table === 'sync_spaces' ? 'id' : 'space_id';
    return (await context.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [id]))[0]?.n;
  };
  beforeAll(async () => {
    context.database = await openTestDatabase(engine);
    context.db = context.database.db;
    // The sweep runs often here; only the TTL test ages a space enough for it to matter.
    context.app = await testApp(context.database, { syncLimits, syncSweepMs: 200 });
    context.address = await context.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await context.app.close();
    await context.database.close();
  });
  beforeEach(() => context.db.query('delete from sync_space_creations').then(() => {}));
  return context;
}

/** Small limits, so each can be reached in a few requests; the defaults are checked in sync-limits.test.ts. */
export const SMALL_SYNC_LIMITS: Partial<SyncLimits> = {
  spaceMaxBytes: 64 * 1024, updateMaxBytes: 16 * 1024, snapshotMaxBytes: 48 * 1024, updatesPerWindow: 40, pageMaxBytes: 8 * 1024,
  devicesPerSpace: 3,
};
export const smallLimit = (name: keyof SyncLimits) => SMALL_SYNC_LIMITS[name] ?? DEFAULT_SYNC_LIMITS[name];

export const codeOf = (response: LightMyRequestResponse) => response.json<{ code?: string }>().code;
export const seqsOf = (records: Array<{ seq: number }>) => records.map((record) => record.seq);

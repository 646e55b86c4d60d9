import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '@grove/domain/realtime/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/db.ts';
import { openPgDb } from '../src/db/pg-db.ts';
import { createTempDatabase, type TempDatabase } from './helpers/pg-database.ts';
import {
  decodePage, newSyncId, newSyncToken, shown, SMALL_SYNC_LIMITS as LIMITS, useSyncApp,
} from './helpers/sync-client.ts';
import { ENGINES, SECRET, testApp, type TestDatabase } from './helpers/test-app.ts';
import { makeTempDir } from './helpers/temp-dir.ts';
import { connect } from './helpers/ws-client.ts';

// The sync relay's live push (decision 068): { space, seq } to a space's subscribers after the token check, within
// the realtime topic limit, and across two instances sharing PostgreSQL.

const is = (type: string) => (message: ServerMessage) => message.type === type;

describe.each(ENGINES)('sync push on %s', (engine) => {
  const t = useSyncApp(engine, LIMITS);
  const { space, socket } = t;
  let database: TestDatabase;
  beforeAll(() => {
    ({ database } = t);
  });

  it('pushes { space, seq } to the space\'s subscribers only, after checking the token like a request', async () => {
    const s = await space();
    const other = await space();
    const ws = await socket();
    ws.send({ type: 'subscribe', topic: 'sync', space: s.id, token: s.token });
    expect(await ws.next(is('subscribed'))).toEqual({ type: 'subscribed', topic: 'sync', space: s.id });
    await other.appendOk(randomBytes(8));
    const seq = await s.appendOk(randomBytes(8));
    expect(await ws.next(is('sync'))).toEqual({ type: 'sync', space: s.id, seq });
    // The other space's update committed first, so its push would have come first: none came.
    expect(ws.messages.filter(is('sync'))).toEqual([]);

    for (const [space, token] of [[s.id, newSyncToken()], [newSyncId(), s.token]] as const) {
      ws.send({ type: 'subscribe', topic: 'sync', space, token });
      expect(await ws.next(is('error'))).toEqual({ type: 'error', message: 'No sync space answers to this id and token.', topic: 'sync', space });
    }
    ws.send({ type: 'subscribe', topic: 'sync', space: other.id });
    expect(await ws.next(is('error'))).toEqual({ type: 'error', message: 'Unknown message or topic.', topic: 'sync' });

    // Unsubscribed, the socket hears no more of s: subscribed to `other`, its push arrives and s's (committed first) did not.
    ws.send({ type: 'unsubscribe', topic: 'sync', space: s.id });
    expect(await ws.next(is('unsubscribed'))).toEqual({ type: 'unsubscribed', topic: 'sync', space: s.id });
    ws.send({ type: 'subscribe', topic: 'sync', space: other.id, token: other.token });
    await ws.next(is('subscribed'));
    await s.appendOk(randomBytes(8));
    const otherSeq = await other.appendOk(randomBytes(8));
    expect(await ws.next(is('sync'))).toEqual({ type: 'sync', space: other.id, seq: otherSeq });
    expect(ws.messages.filter(is('sync'))).toEqual([]);
  });

  it('counts sync subscriptions within the realtime topic limit', async () => {
    const limited = await testApp(database, { realtimeLimits: { maxTopicsPerConnection: 1 } });
    try {
      const at = await limited.listen({ port: 0, host: '127.0.0.1' });
      const ws = await connect(`${at.replace('http', 'ws')}/api/realtime`, { origin: at });
      const [a, b] = [await space(), await space()];
      ws.send({ type: 'subscribe', topic: 'sync', space: a.id, token: a.token });
      await ws.next(is('subscribed'));
      ws.send({ type: 'subscribe', topic: 'sync', space: b.id, token: b.token });
      expect(await ws.next(is('error'))).toEqual({ type: 'error', message: 'At most 1 topics per connection.', topic: 'sync', space: b.id });
      ws.close();
    } finally {
      await limited.close();
    }
  });
});

describe('sync across two instances on one PostgreSQL', () => {
  let database: TempDatabase;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  const addresses: string[] = [];
  const tmp = makeTempDir();

  beforeAll(async () => {
    database = await createTempDatabase(inject('postgresTemplate'));
    // Two apps, each with its own pool and LISTEN connection, as two processes would have.
    for (let i = 0; i < 2; i += 1) {
      const db = await openPgDb(database.url);
      dbs.push(db);
      const app = await buildApp({ db, dataDir: `${tmp.dir}/${i}`, adminSecretKey: SECRET, print: () => {} });
      apps.push(app);
      addresses.push(await app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await database.drop();
    tmp.remove();
  });

  it('pushes an update appended on A to a subscriber on B, who reads it from B', async () => {
    const [a, b] = addresses as [string, string];
    const id = newSyncId();
    const token = newSyncToken();
    const auth = { authorization: `Bearer ${token}` };
    const made = await fetch(`${a}/api/sync/spaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id, token }) });
    expect(made.status).toBe(201);
    const subscriber = await connect(`${b.replace('http', 'ws')}/api/realtime`, { origin: b });
    try {
      subscriber.send({ type: 'subscribe', topic: 'sync', space: id, token });
      await subscriber.next(is('subscribed'));
      const body = randomBytes(256);
      const appended = await fetch(`${a}/api/sync/spaces/${id}/updates`, {
        method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream', origin: a }, body,
      });
      expect(appended.status).toBe(201);
      expect(await subscriber.next(is('sync'))).toEqual({ type: 'sync', space: id, seq: 1 });
      const read = await fetch(`${b}/api/sync/spaces/${id}/updates?after=0`, { headers: auth });
      expect(decodePage(Buffer.from(await read.arrayBuffer())).map(shown)).toEqual([{ kind: 'update', seq: 1, body: body.toString('hex') }]);
    } finally {
      subscriber.close();
    }
  });
});

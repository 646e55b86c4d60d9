import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import {
  codeOf, decodePage, newSyncId, newSyncToken, seqsOf, shown, SMALL_SYNC_LIMITS as LIMITS, TestSpace, useSyncApp,
} from './helpers/sync-client.ts';
import { ENGINES, ORIGIN } from './helpers/test-app.ts';

// The sync relay's routes (decision 068) on both engines: spaces, appends, pages, snapshots, devices, deletion, the
// token, what is stored and announced, the Origin rule, the TTL sweep and the OpenAPI document. Refusals by limit:
// sync-refusals.test.ts; the live push: sync-push.test.ts.

describe.each(ENGINES)('sync on %s', (engine) => {
  const t = useSyncApp(engine, LIMITS);
  const { space, rowsOf } = t;
  let app: FastifyInstance;
  let db: Db;
  beforeAll(() => {
    ({ app, db } = t);
  });

  it('makes a space, appends opaque messages and reads back, in order, what a device at any seq lacks', async () => {
    const s = await space();
    const bodies = [randomBytes(40), randomBytes(1), randomBytes(300)];
    const first = await s.append(bodies[0] ?? Buffer.alloc(0));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ seq: 1, bytes: 40 });
    expect(await s.appendOk(bodies[1] ?? Buffer.alloc(0))).toBe(2);
    expect(await s.appendOk(bodies[2] ?? Buffer.alloc(0))).toBe(3);

    const all = await s.read();
    expect(all.headers['content-type']).toBe('application/octet-stream');
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.headers['x-grove-sync-next']).toBeUndefined();
    expect(decodePage(all.rawPayload).map(shown)).toEqual(bodies.map((body, i) => ({ kind: 'update', seq: i + 1, body: body.toString('hex') })));
    expect(seqsOf((await s.readOk('?after=0')).records)).toEqual([1, 2, 3]);
    expect(seqsOf((await s.readOk('?after=2')).records)).toEqual([3]);
    // Up to date: the format byte alone.
    expect((await s.read('?after=3')).rawPayload).toEqual(Buffer.from([1]));
    const ahead = await s.read('?after=4');
    expect(ahead.statusCode).toBe(409);
    expect(codeOf(ahead)).toBe('syncCursorAhead');
  });

  it('refuses an id already taken (409), whatever the token', async () => {
    const s = await space();
    const again = await s.create();
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('syncSpaceExists');
    expect(again.json<{ error: string }>().error).toMatch(/choose a new random id/);
    expect((await new TestSpace(app, { id: s.id }).create()).statusCode).toBe(409);
    // The first token still opens it.
    expect((await s.read()).statusCode).toBe(200);
  });

  it('takes only well-formed ids and tokens: 16 and 32 bytes in base64url, one spelling each (400)', async () => {
    const create = (payload: unknown) => app.inject({ method: 'POST', url: '/api/sync/spaces', payload: payload as object });
    const badIds = [
      '', 'A'.repeat(21), 'A'.repeat(23), `${'A'.repeat(21)}B`, `${'A'.repeat(20)}+A`, `${'A'.repeat(20)}/A`, `${'A'.repeat(22)}==`,
      randomBytes(16).toString('hex'), `${'A'.repeat(21)} `, 42, null,
    ];
    for (const id of badIds) expect((await create({ id, token: newSyncToken() })).statusCode, JSON.stringify(id)).toBe(400);
    const badTokens = ['', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}B`, randomBytes(32).toString('base64'), randomBytes(16).toString('base64url')];
    for (const token of badTokens) expect((await create({ id: newSyncId(), token })).statusCode, token).toBe(400);
    expect((await create({ id: newSyncId() })).statusCode).toBe(400);
    const notJson = await app.inject({ method: 'POST', url: '/api/sync/spaces', headers: { 'content-type': 'application/octet-stream' }, payload: 'x' });
    expect(notJson.statusCode).toBe(415);
    expect(notJson.json<{ error: string }>().error).toBe('Unsupported content type: send JSON.');
    // Every id a device can make is taken.
    for (let i = 0; i < 20; i += 1) await space();
  });

  it('pages by count and by bytes; X-Grove-Sync-Next is the after of the next page', async () => {
    const s = await space();
    for (let i = 0; i < 7; i += 1) await s.appendOk(randomBytes(100));
    const first = await s.readOk('?limit=3');
    expect([seqsOf(first.records), first.next]).toEqual([[1, 2, 3], '3']);
    const second = await s.readOk(`?after=${first.next}&limit=3`);
    expect([seqsOf(second.records), second.next]).toEqual([[4, 5, 6], '6']);
    const last = await s.readOk(`?after=${second.next}&limit=3`);
    expect([seqsOf(last.records), last.next]).toEqual([[7], undefined]);

    // 8 KB pages: two 3,000-byte updates fit (13 bytes of framing each), a third does not.
    const big = await space();
    for (let i = 0; i < 5; i += 1) await big.appendOk(randomBytes(3000));
    const pages: number[][] = [];
    let after = '';
    for (;;) {
      const page = await big.readOk(after === '' ? '' : `?after=${after}`);
      pages.push(seqsOf(page.records));
      if (page.next === undefined) break;
      after = page.next;
    }
    expect(pages).toEqual([[1, 2], [3, 4], [5]]);

    // Ciphertext is sent as it is, never compressed.
    const offered = await app.inject({ method: 'GET', url: `/api/sync/spaces/${big.id}/updates`, headers: big.headers({ 'accept-encoding': 'br, gzip' }) });
    expect(offered.headers['content-encoding']).toBeUndefined();
    expect(decodePage(offered.rawPayload).map((record) => record.seq)).toEqual([1, 2]);

    // A record larger than a page goes alone.
    const huge = await space();
    await huge.appendOk(randomBytes(10_000));
    await huge.appendOk(randomBytes(10));
    expect(await huge.readOk()).toMatchObject({ next: '1' });
    expect(seqsOf((await huge.readOk('?after=1')).records)).toEqual([2]);
  });

  it('replaces the updates a snapshot covers; a device gets the snapshot only when it covers more than it has', async () => {
    const s = await space();
    const bodies = Array.from({ length: 5 }, () => randomBytes(200));
    for (const body of bodies) await s.appendOk(body);
    const snapshot = randomBytes(500);
    const stored = await s.snapshot(3, snapshot);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ covers: 3, bytes: 500 + 2 * 200 });
    expect((await db.query<{ seq: number }>('select seq::int as seq from sync_updates where space_id = $1 order by seq', [s.id])).map((row) => row.seq))
      .toEqual([4, 5]);

    const expected = [{ kind: 'snapshot', seq: 3, body: snapshot.toString('hex') }, ...[4, 5].map((seq) => ({ kind: 'update', seq, body: bodies[seq - 1]?.toString('hex') }))];
    expect((await s.readOk()).records.map(shown)).toEqual(expected);
    expect((await s.readOk('?after=2')).records.map(shown)).toEqual(expected);
    expect(seqsOf((await s.readOk('?after=3')).records)).toEqual([4, 5]);

    const ahead = await s.snapshot(6, snapshot);
    expect([ahead.statusCode, codeOf(ahead)]).toEqual([409, 'syncSnapshotAhead']);
    const stale = await s.snapshot(2, snapshot);
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'syncSnapshotStale']);
    // The same snapshot again (a retry) is taken.
    expect((await s.snapshot(3, snapshot)).statusCode).toBe(200);

    const newer = randomBytes(700);
    expect((await s.snapshot(5, newer)).json()).toEqual({ covers: 5, bytes: 700 });
    expect(await rowsOf('sync_updates', s.id)).toBe(0);
    expect((await s.readOk('?after=3')).records.map(shown)).toEqual([{ kind: 'snapshot', seq: 5, body: newer.toString('hex') }]);
    expect((await s.readOk('?after=5')).records).toEqual([]);
    expect(await s.appendOk(randomBytes(5))).toBe(6);

    // The first snapshot of a new space covers 0: a device that has nothing gets it, one at 0 does not.
    const fresh = await space();
    const initial = randomBytes(64);
    expect((await fresh.snapshot(0, initial)).statusCode).toBe(200);
    expect((await fresh.readOk()).records.map(shown)).toEqual([{ kind: 'snapshot', seq: 0, body: initial.toString('hex') }]);
    expect((await fresh.readOk('?after=0')).records).toEqual([]);
  });

  it('lists the devices that used the space with their last seq', async () => {
    const a = await space();
    await a.appendOk(randomBytes(10));
    await a.appendOk(randomBytes(10));
    const b = a.as(newSyncId());
    expect(seqsOf((await b.readOk('?after=0&limit=1')).records)).toEqual([1]);
    // Without X-Grove-Device nothing is recorded.
    expect(await a.as(null).appendOk(randomBytes(10))).toBe(3);
    const listed = await b.devices();
    expect(listed.statusCode).toBe(200);
    const { devices } = listed.json<{ devices: Array<{ device: string; last_seq: number; last_seen_at: string }> }>();
    const lastSeqs = Object.fromEntries(devices.map(({ device, last_seq }) => [device, last_seq]));
    expect(lastSeqs).toEqual({ [String(a.device)]: 2, [String(b.device)]: 1 });
    for (const device of devices) expect(new Date(device.last_seen_at).toISOString()).toBe(device.last_seen_at);

    // At most devicesPerSpace are remembered: a new one makes the space forget the one seen longest ago.
    const c = a.as(newSyncId());
    await c.readOk();
    await db.query(`update sync_devices set last_seen_at = now() - interval '1 day' where space_id = $1 and device_id = $2`, [a.id, b.device]);
    await a.as(newSyncId()).readOk();
    const kept = (await a.devices()).json<{ devices: Array<{ device: string }> }>().devices.map(({ device }) => device);
    expect(kept).toHaveLength(3);
    expect(kept).not.toContain(b.device);
    expect(kept).toEqual(expect.arrayContaining([a.device, c.device]));

    for (const bad of ['not-a-device', `${'A'.repeat(21)}B`, newSyncToken()]) {
      const refused = await a.as(bad).devices();
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<{ error: string }>().error).toMatch(/X-Grove-Device/);
    }
  });

  it('deletes a space with every row of it; afterwards it answers as an unknown space does', async () => {
    const s = await space();
    await s.appendOk(randomBytes(10));
    await s.appendOk(randomBytes(10));
    expect((await s.snapshot(1, randomBytes(10))).statusCode).toBe(200);
    expect(await rowsOf('sync_devices', s.id)).toBe(1);
    const deleted = await s.delete();
    expect(deleted.statusCode).toBe(204);
    for (const table of ['sync_spaces', 'sync_updates', 'sync_snapshots', 'sync_devices']) expect(await rowsOf(table, s.id), table).toBe(0);
    const after = await s.read();
    const unknown = await new TestSpace(app).read();
    expect(after.statusCode).toBe(403);
    expect(after.body).toBe(unknown.body);
  });

  it('answers 401 without a token and 403 for a wrong token or an unknown space, the same 403 for both', async () => {
    const s = await space();
    await s.appendOk(randomBytes(10));
    const unknown = new TestSpace(app, { token: s.token });
    const requests = (target: string, authorization: string | undefined) => {
      const headers = authorization === undefined ? {} : { authorization };
      const binary = { ...headers, 'content-type': 'application/octet-stream' };
      return [
        app.inject({ method: 'GET', url: `/api/sync/spaces/${target}/updates`, headers }),
        app.inject({ method: 'POST', url: `/api/sync/spaces/${target}/updates`, headers: binary, payload: randomBytes(10) }),
        app.inject({ method: 'PUT', url: `/api/sync/spaces/${target}/snapshot?covers=1`, headers: binary, payload: randomBytes(10) }),
        app.inject({ method: 'GET', url: `/api/sync/spaces/${target}/devices`, headers }),
        app.inject({ method: 'DELETE', url: `/api/sync/spaces/${target}`, headers }),
      ];
    };
    for (const authorization of [undefined, `Basic ${s.token}`, 'Bearer', '']) {
      for (const response of await Promise.all(requests(s.id, authorization))) {
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(codeOf(response)).toBe('syncTokenMissing');
        expect(response.json<{ error: string }>().error).toMatch(/Authorization: Bearer/);
      }
    }
    const answers = new Set<string>();
    for (const [target, token] of [[s.id, newSyncToken()], [unknown.id, s.token], [s.id, 'abc'], [s.id, `${s.token}x`]] as const) {
      for (const response of await Promise.all(requests(target, `Bearer ${token}`))) {
        expect(response.statusCode).toBe(403);
        answers.add(response.body);
      }
    }
    expect([...answers]).toHaveLength(1);
    expect(JSON.parse([...answers][0] ?? '{}')).toMatchObject({ code: 'syncForbidden' });
    // Nothing was changed by any of them.
    expect((await s.readOk()).records).toHaveLength(1);
    expect(await rowsOf('sync_spaces', unknown.id)).toBe(0);
  });

  it('stores exactly the bytes sent, never reads them, and announces only { space, seq }', async () => {
    const marker = 'grove-plaintext-marker';
    const payloads: string[] = [];
    const stop = await db.listen('grove_sync', (payload) => payloads.push(payload));
    try {
      const s = await space();
      const bodies = [
        Buffer.from(JSON.stringify({ kind: 'update', title: marker })),
        Buffer.from([0, 0xff, 0xfe, 0xc3, 0x28, 0]),
        Buffer.from(`'); drop table sync_spaces; -- ${marker}`),
        randomBytes(1000),
      ];
      for (const body of bodies) await s.appendOk(body);
      const snapshot = Buffer.from(`{"snapshot": "${marker}"}`);
      expect((await s.snapshot(2, snapshot)).statusCode).toBe(200);

      const updates = await db.query<{ seq: number; body: Uint8Array }>('select seq::int as seq, body from sync_updates where space_id = $1 order by seq', [s.id]);
      expect(updates.map((row) => [row.seq, Buffer.from(row.body).toString('hex')])).toEqual([3, 4].map((seq) => [seq, bodies[seq - 1]?.toString('hex')]));
      const [stored] = await db.query<{ body: Uint8Array }>('select body from sync_snapshots where space_id = $1', [s.id]);
      expect(Buffer.from(stored?.body ?? []).equals(snapshot)).toBe(true);

      // No other column anywhere holds what the bodies said.
      const text = (rows: object[]) => JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value));
      for (const table of ['sync_spaces', 'sync_devices', 'sync_space_creations', 'change_events']) {
        expect(text(await db.query(`select * from ${table}`)), table).not.toContain(marker);
      }
      await expect.poll(() => payloads.filter((payload) => payload.includes(s.id)).length).toBe(4);
      expect(payloads.filter((payload) => payload.includes(s.id)).map((payload) => JSON.parse(payload) as unknown))
        .toEqual([1, 2, 3, 4].map((seq) => ({ space: s.id, seq })));
      expect(payloads.join('')).not.toContain(marker);
    } finally {
      await stop();
    }
  });

  it('keeps the Origin check of every unsafe request: cross-site refused, same-origin and non-browser taken', async () => {
    const s = await space();
    const cross = await s.append(randomBytes(8), { origin: 'https://evil.example' });
    expect([cross.statusCode, cross.json<{ error: string }>().error]).toEqual([403, 'Cross-site request refused.']);
    expect((await s.append(randomBytes(8), { origin: ORIGIN })).statusCode).toBe(201);
    expect((await s.append(randomBytes(8))).statusCode).toBe(201);
    const crossCreate = await app.inject({
      method: 'POST', url: '/api/sync/spaces', headers: { origin: 'https://evil.example' }, payload: { id: newSyncId(), token: newSyncToken() },
    });
    expect(crossCreate.statusCode).toBe(403);
  });

  it('removes spaces unused for SYNC_SPACE_TTL_DAYS (180 by default) with everything in them; any use keeps one', async () => {
    const old = await space();
    await old.appendOk(randomBytes(8));
    const kept = await space();
    const read = await space();
    await db.query(`update sync_spaces set last_used_at = now() - interval '179 days' where id = any($1::text[])`, [[kept.id, read.id]]);
    await read.readOk();
    const [touched] = await db.query<{ fresh: boolean }>(`select last_used_at > now() - interval '1 minute' as fresh from sync_spaces where id = $1`, [read.id]);
    expect(touched?.fresh).toBe(true);
    await db.query(`update sync_spaces set last_used_at = now() - interval '181 days' where id = $1`, [old.id]);
    await expect.poll(() => rowsOf('sync_spaces', old.id)).toBe(0);
    expect(await rowsOf('sync_updates', old.id)).toBe(0);
    expect(await rowsOf('sync_spaces', kept.id)).toBe(1);
  });

  it('describes every sync route in the OpenAPI document, with the token scheme and each refusal', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.syncToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = [
      ['/api/sync/spaces', 'post'], ['/api/sync/spaces/{id}', 'delete'], ['/api/sync/spaces/{id}/updates', 'post'],
      ['/api/sync/spaces/{id}/updates', 'get'], ['/api/sync/spaces/{id}/snapshot', 'put'], ['/api/sync/spaces/{id}/devices', 'get'],
    ] as const;
    for (const [path, method] of operations) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(Object.keys(doc.paths['/api/sync/spaces/{id}/updates']?.post?.responses ?? {}))
      .toEqual(expect.arrayContaining(['201', '400', '401', '403', '411', '413', '415', '429']));
    expect(JSON.stringify(doc.paths['/api/sync/spaces/{id}/updates']?.get)).toContain('X-Grove-Sync-Next');
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import {
  answerBeforeBody, codeOf, shown, SMALL_SYNC_LIMITS as LIMITS, smallLimit as limit, TestSpace, useSyncApp,
} from './helpers/sync-client.ts';
import { ENGINES } from './helpers/test-app.ts';

// The sync relay's refusals (decision 068) on both engines: sizes, a full space, the update rate, the spaces per
// address, malformed input (never a 500), and parallel appends kept in order.

describe.each(ENGINES)('sync refusals on %s', (engine) => {
  const t = useSyncApp(engine, LIMITS);
  const { space, rowsOf } = t;
  let app: FastifyInstance;
  let db: Db;
  let address: string;
  beforeAll(() => {
    ({ app, db, address } = t);
  });

  it('refuses an update or a snapshot over its size, a full space, and a body without a length, before reading the body', async () => {
    const s = await space();
    const tooBig = await s.append(randomBytes(limit('updateMaxBytes') + 1));
    expect([tooBig.statusCode, codeOf(tooBig)]).toEqual([413, 'syncUpdateTooLarge']);
    expect(tooBig.json<{ error: string }>().error).toContain('at most 16384 bytes');
    expect(await s.appendOk(randomBytes(limit('updateMaxBytes')))).toBe(1);
    const snapshotTooBig = await s.snapshot(1, randomBytes(limit('snapshotMaxBytes') + 1));
    expect([snapshotTooBig.statusCode, codeOf(snapshotTooBig)]).toEqual([413, 'syncSnapshotTooLarge']);

    // Over a raw connection, only the head and 100 bytes of each body are ever sent: the answer cannot wait for the rest.
    const head = (line: string, extra: string[]) => [line, 'Host: localhost', `Authorization: Bearer ${s.token}`, ...extra];
    const binary = (length: number) => ['Content-Type: application/octet-stream', `Content-Length: ${length}`];
    const early = (line: string, extra: string[], bodyStart = randomBytes(100)) => answerBeforeBody(address, head(line, extra), bodyStart);
    const update = `POST /api/sync/spaces/${s.id}/updates HTTP/1.1`;
    expect(await early(update, binary(limit('updateMaxBytes') + 1))).toMatch(/^HTTP\/1\.1 413 [^]*"code":"syncUpdateTooLarge"/);
    expect(await early(`PUT /api/sync/spaces/${s.id}/snapshot?covers=1 HTTP/1.1`, binary(limit('snapshotMaxBytes') + 1)))
      .toMatch(/^HTTP\/1\.1 413 [^]*"code":"syncSnapshotTooLarge"/);
    const chunked = head(update, ['Content-Type: application/octet-stream', 'Transfer-Encoding: chunked']);
    expect(await answerBeforeBody(address, chunked, Buffer.from('5\r\nhello\r\n'))).toMatch(/^HTTP\/1\.1 411 [^]*Content-Length/);
    expect(await early(update, ['Content-Type: application/json', 'Content-Length: 1000'])).toMatch(/^HTTP\/1\.1 415 [^]*application\/octet-stream/);
    // The space holds 16 KB of its 64: an update that would pass the limit.
    for (let i = 0; i < 3; i += 1) await s.appendOk(randomBytes(limit('updateMaxBytes')));
    // (Its one byte is never sent.)
    expect(await early(update, binary(1), Buffer.alloc(0))).toMatch(/^HTTP\/1\.1 413 [^]*"code":"syncSpaceFull"/);

    const empty = await app.inject({
      method: 'POST', url: `/api/sync/spaces/${s.id}/updates`, headers: s.headers({ 'content-type': 'application/octet-stream', 'content-length': '0' }),
    });
    expect([empty.statusCode, empty.json<{ error: string }>().error]).toEqual([400, 'The update is empty.']);
  });

  it('refuses appends to a full space (413) until a snapshot compacts it; a snapshot that cannot is refused whole', async () => {
    const s = await space();
    const chunk = limit('updateMaxBytes');
    for (let i = 0; i < limit('spaceMaxBytes') / chunk; i += 1) await s.appendOk(randomBytes(chunk));
    const full = await s.append(randomBytes(1));
    expect([full.statusCode, codeOf(full)]).toEqual([413, 'syncSpaceFull']);
    expect(full.json<{ error: string }>().error).toMatch(/upload a snapshot/);

    // Covering nothing, it would only add bytes: refused, and nothing changes.
    const useless = await s.snapshot(0, randomBytes(1000));
    expect([useless.statusCode, codeOf(useless)]).toEqual([413, 'syncSpaceFull']);
    expect([await rowsOf('sync_updates', s.id), await rowsOf('sync_snapshots', s.id)]).toEqual([4, 0]);

    expect((await s.snapshot(4, randomBytes(1000))).json()).toEqual({ covers: 4, bytes: 1000 });
    expect(await s.appendOk(randomBytes(1))).toBe(5);
  });

  it('limits updates per space in a window: 429 with Retry-After, for that space only', async () => {
    const s = await space();
    for (let i = 0; i < limit('updatesPerWindow'); i += 1) await s.appendOk(randomBytes(8));
    const refused = await s.append(randomBytes(8));
    expect([refused.statusCode, codeOf(refused)]).toEqual([429, 'syncTooManyUpdates']);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json<{ error: string }>().error).toContain(`try again in ${retryAfter} second`);
    expect(await (await space()).appendOk(randomBytes(8))).toBe(1);
    // Once its window has ended (moved back in SQL rather than waited for), the space takes updates again.
    await db.query(`update sync_spaces set rate_window_start = rate_window_start - interval '61 seconds' where id = $1`, [s.id]);
    expect(await s.appendOk(randomBytes(8))).toBe(limit('updatesPerWindow') + 1);
  });

  it('caps the spaces one client address makes in an hour: 429 with Retry-After, per address', async () => {
    const from = (remoteAddress: string) => new TestSpace(app, { remoteAddress }).create();
    for (let i = 0; i < limit('spacesPerClientPerHour'); i += 1) expect((await from('198.51.100.20')).statusCode).toBe(201);
    const refused = await from('198.51.100.20');
    expect([refused.statusCode, codeOf(refused)]).toEqual([429, 'syncTooManySpaces']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await from('198.51.100.21')).statusCode).toBe(201);
    await db.query(`update sync_space_creations set created_at = created_at - interval '61 minutes'`);
    expect((await from('198.51.100.20')).statusCode).toBe(201);
  });

  it('answers malformed ids, cursors and queries with 400 (a too long address 414), never 500', async () => {
    const s = await space();
    await s.appendOk(randomBytes(8));
    const get = (url: string, headers = s.headers()) => app.inject({ method: 'GET', url, headers });
    const base = `/api/sync/spaces/${s.id}`;
    const cases: Array<[string, number]> = [
      ['/api/sync/spaces/not-an-id/updates', 400], [`/api/sync/spaces/${'A'.repeat(21)}B/updates`, 400],
      ['/api/sync/spaces/%00%00/updates', 400], ['/api/sync/spaces/%E0%A4%A/updates', 400], [`/api/sync/spaces/${'A'.repeat(300)}/updates`, 414],
      [`${base}/updates?after=-1`, 400], [`${base}/updates?after=abc`, 400], [`${base}/updates?after=1.5`, 400], [`${base}/updates?after=1e3`, 400],
      [`${base}/updates?after=99999999999999999999`, 400], [`${base}/updates?after=`, 400], [`${base}/updates?after=1&after=2`, 400],
      [`${base}/updates?limit=0`, 400], [`${base}/updates?limit=1001`, 400], [`${base}/updates?limit=x`, 400],
    ];
    for (const [url, status] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json<{ error: string }>().error, url).toEqual(expect.any(String));
    }
    for (const covers of ['', '-1', 'x', '1.0', '99999999999999999999']) {
      const response = await s.snapshot(covers, randomBytes(8));
      expect(response.statusCode, covers).toBe(400);
    }
    const missing = await app.inject({
      method: 'PUT', url: `${base}/snapshot`, headers: s.headers({ 'content-type': 'application/octet-stream' }), payload: randomBytes(8),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('gives 20 parallel appends 20 distinct increasing seqs, read back in that order', async () => {
    const s = await space();
    const bodies = Array.from({ length: 20 }, () => randomBytes(64));
    const seqs = await Promise.all(bodies.map((body) => s.appendOk(body)));
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const bySeq = new Map(seqs.map((seq, i) => [seq, bodies[i]?.toString('hex')]));
    const { records } = await s.readOk();
    expect(records.map(shown)).toEqual([...bySeq.keys()].sort((a, b) => a - b).map((seq) => ({ kind: 'update', seq, body: bySeq.get(seq) })));
  });
});

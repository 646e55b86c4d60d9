import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectTcp, createServer, type AddressInfo, type Socket } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError } from '../src/db/data-dir-lock.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgDb } from '../src/db/pg-db.ts';
import { openPgliteDb } from '../src/db/pglite-db.ts';
import { StartupConfigError } from '../src/startup-error.ts';
import { createTempDatabase, type TempDatabase } from './helpers/pg-database.ts';
import { makeTempDir } from './helpers/temp-dir.ts';

const MIGRATION_FILES = [
  '001-initial.sql', '002-site-content-seed.sql', '003-notify-small-rows.sql', '004-presence-notify-on-change.sql',
  '005-admin-session-ended-notify.sql', '006-drop-admin-session-ended-notify.sql', '007-sync.sql', '008-storage-variants.sql',
];

const tmp = makeTempDir();
let pgTemp: TempDatabase;
const engines: Record<string, Db> = {};

beforeAll(async () => {
  pgTemp = await createTempDatabase();
  engines.pglite = await openPgliteDb(tmp.dir);
  engines.postgres = await openPgDb(pgTemp.url);
});

afterAll(async () => {
  for (const db of Object.values(engines)) await db.close();
  await pgTemp.drop();
  tmp.remove();
});

/** Resolves once listening, to a promise of the next payload on the channel. */
async function nextNotification(db: Db, channel: string): Promise<{ payload: Promise<string> }> {
  let resolve: (payload: string) => void = () => {};
  const payload = new Promise<string>((done) => (resolve = done));
  await db.listen(channel, (value) => resolve(value));
  return { payload };
}

describe.each(['pglite', 'postgres'])('database on %s', (engine) => {
  const db = () => engines[engine]!;

  it('migrates an empty database, then finds nothing to do on an already-migrated one', async () => {
    const first = await migrate(db());
    expect(first).toEqual(MIGRATION_FILES);
    expect(await migrate(db())).toEqual([]);
    const rows = await db().query<{ version: string }>('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(MIGRATION_FILES.map((file) => file.slice(0, 3)));
    // 006 took away what 005 added: nothing announces ended admin sessions any more.
    expect(await db().query(`select tgname from pg_trigger where tgname like 'admin_sessions_notify%'`)).toEqual([]);
    expect(await db().query(`select proname from pg_proc where proname = 'grove_notify_admin_session_ended'`)).toEqual([]);
  });

  it('seeds the four static pages with real text', async () => {
    const rows = await db().query<{ slug: string; title: string; content: string }>('select slug, title, content from site_content order by slug');
    expect(rows.map((row) => row.slug)).toEqual(['about', 'contact', 'privacy', 'terms']);
    for (const row of rows) expect(row.content).toContain('Grove');
  });

  it('rolls a failing transaction back entirely', async () => {
    await expect(db().transaction(async (tx) => {
      await tx.query(`insert into profiles (full_name) values ('Temp')`);
      await tx.query('select 1/0');
    })).rejects.toThrow();
    const [row] = await db().query<{ n: number }>(`select count(*)::int as n from profiles where full_name = 'Temp'`);
    expect(row?.n).toBe(0);
  });

  it('enforces the constraints the product leaves to us', async () => {
    const insert = (title: string, tags: string[]) =>
      db().query(`insert into blog_posts (title, content, excerpt, tags) values ($1, '<p>x</p>', 'x', $2)`, [title, tags]);
    await expect(insert('  ', [])).rejects.toThrow();
    await expect(insert('ok', [' padded '])).rejects.toThrow();
    await expect(insert('ok', [''])).rejects.toThrow();
    await expect(db().query(`insert into site_content (slug, title, content) values ('Bad Slug', 't', 'c')`)).rejects.toThrow();
    await expect(db().query(`insert into storage_objects (bucket, name, content_type, size, sha256, bytes)
      values ('blog_images', 'a.png', 'text/html', 1, repeat('a', 64), '\\x00')`)).rejects.toThrow();
  });

  it('notifies blog_posts insert, update and delete and site_content update with full rows', async () => {
    type Event = { table_name: string; event: string; new_row: unknown; old_row: unknown };
    const ids: string[] = [];
    let allHeard: () => void = () => {};
    const seen = new Promise<void>((resolve) => (allHeard = resolve));
    const stop = await db().listen('grove_changes', (payload) => {
      // Small events arrive whole (JSON with their id), large ones as the bare id.
      ids.push(/^\d+$/.test(payload) ? payload : String((JSON.parse(payload) as { id: number }).id));
      if (ids.length === 4) allHeard();
    });
    await db().query(`insert into profiles (id, full_name) values ('00000000-0000-4000-8000-000000000009', 'Ada')`);
    const [post] = await db().query<{ id: string }>(
      `insert into blog_posts (title, content, excerpt, author_id) values ('T', '<p>c</p>', 'e', '00000000-0000-4000-8000-000000000009') returning id`);
    await db().query(`update blog_posts set title = 'T2' where id = $1`, [post!.id]);
    await db().query('delete from blog_posts where id = $1', [post!.id]);
    await db().query(`update site_content set content = '<p>new</p>' where slug = 'about'`);
    await seen;
    await stop();
    const events = await db().query<Event>(
      'select table_name, event, new_row, old_row from change_events where id = any($1::bigint[]) order by id', [ids]);
    expect(events.map((e) => `${e.table_name}:${e.event}`)).toEqual(['blog_posts:INSERT', 'blog_posts:UPDATE', 'blog_posts:DELETE', 'site_content:UPDATE']);
    expect(events[1]).toMatchObject({ new_row: { title: 'T2', author: { full_name: 'Ada' } }, old_row: { title: 'T' } });
    expect(events[2]).toMatchObject({ new_row: null, old_row: { id: post!.id } });
  });

  it('delivers NOTIFY to a listener', async () => {
    const heard = await nextNotification(db(), 'grove_test_channel');
    await db().query(`select pg_notify('grove_test_channel', 'hello')`);
    expect(await heard.payload).toBe('hello');
  });

  it('notifies presence on a join and on a delete that removed a row, not on a sweep that removed nothing', async () => {
    const heard: string[] = [];
    const stop = await db().listen('grove_presence', (payload) => heard.push(payload));
    const marker = await nextNotification(db(), 'grove_test_marker');
    try {
      const instance = '00000000-0000-4000-8000-000000000001';
      await db().query(
        `insert into presence (instance_id, connection_id, visitor_id, online_at) values ($1, 'c1', 'v1', now())`,
        [instance],
      );
      await db().query(`delete from presence where last_seen < now() - interval '1 hour'`);
      await db().query('delete from presence where instance_id = $1', [instance]);
      // Notifications arrive in order: once the marker is heard, every presence notification before it is too.
      await db().query(`select pg_notify('grove_test_marker', 'done')`);
      await marker.payload;
      expect(heard).toHaveLength(2);
    } finally {
      await stop();
    }
  });
});

describe('PGlite data directory lock', () => {
  it('refuses a second opener of the same DATA_DIR with a clear message', async () => {
    await expect(openPgliteDb(tmp.dir)).rejects.toThrow(DataDirLockedError);
    await expect(openPgliteDb(tmp.dir)).rejects.toThrow(/in use by another Grove server \(pid \d+\)/);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const other = makeTempDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(path.join(other.dir, 'grove-server.lock'), JSON.stringify({ pid: dead, host: hostname(), startedAt: new Date().toISOString() }));
    const db = await openPgliteDb(other.dir);
    const [row] = await db.query<{ one: number }>('select 1 as one');
    expect(row?.one).toBe(1);
    await db.close();
    other.remove();
  });
});

describe('PGlite first start', () => {
  it('fails with a clear message and releases the lock when the database cannot be created', async () => {
    const broken = makeTempDir();
    // A file where initdb creates a directory.
    mkdirSync(path.join(broken.dir, 'pglite'));
    writeFileSync(path.join(broken.dir, 'pglite', 'global'), 'in the way');
    try {
      await expect(openPgliteDb(broken.dir))
        .rejects.toThrow(/^creating the PGlite database in .*pglite failed: PGlite file system error \d+$/);
      rmSync(path.join(broken.dir, 'pglite', 'global'));
      const db = await openPgliteDb(broken.dir);
      await db.close();
    } finally {
      broken.remove();
    }
  });

  it('refuses a DATA_DIR where the database directory cannot be made, with the reason', async () => {
    const broken = makeTempDir();
    writeFileSync(path.join(broken.dir, 'pglite'), 'not a directory');
    try {
      await expect(openPgliteDb(broken.dir)).rejects.toThrow(StartupConfigError);
      await expect(openPgliteDb(broken.dir)).rejects.toThrow(/^DATA_DIR cannot hold the database: EEXIST/);
      expect(existsSync(path.join(broken.dir, 'grove-server.lock'))).toBe(false);
    } finally {
      broken.remove();
    }
  });
});

describe('PostgreSQL migrations from several instances at once', () => {
  it('applies each migration exactly once under the advisory lock', async () => {
    const fresh = await createTempDatabase();
    const dbs = await Promise.all([openPgDb(fresh.url), openPgDb(fresh.url), openPgDb(fresh.url)]);
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db)));
      expect(results.flat().sort()).toEqual(MIGRATION_FILES);
      const [row] = await dbs[0].query<{ n: number }>('select count(*)::int as n from site_content');
      expect(row?.n).toBe(4);
    } finally {
      for (const db of dbs) await db.close();
      await fresh.drop();
    }
  });

  it('runs migrations without the statement timeout that bounds requests', async () => {
    const fresh = await createTempDatabase();
    const db = await openPgDb(fresh.url);
    const dir = makeTempDir();
    try {
      writeFileSync(path.join(dir.dir, '001-probe.sql'), `create table probe as select current_setting('statement_timeout') as timeout;`);
      expect(await migrate(db, dir.dir)).toEqual(['001-probe.sql']);
      expect(await db.query('select timeout from probe')).toEqual([{ timeout: '0' }]);
      expect(await db.query(`select current_setting('statement_timeout') as timeout`)).toEqual([{ timeout: '15s' }]);
    } finally {
      await db.close();
      dir.remove();
      await fresh.drop();
    }
  });
});

/**
 * A TCP proxy to PostgreSQL whose open connections can be frozen: bytes stop flowing both ways, and neither
 * side sees an error or a close, as when a NAT or a proxy forgets a connection. New connections still pass.
 * What the frozen connections' client side still sends is read and dropped, so the proxy sees that side close.
 */
async function freezableProxy(target: URL): Promise<{ url: string; freeze(): void; closedFrozen(): number; close(): void }> {
  const pairs: Array<[Socket, Socket]> = [];
  let closedFrozen = 0;
  const server = createServer((client) => {
    const upstream = connectTcp(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => {});
    upstream.on('error', () => {});
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.pause();
        client.on('data', () => {});
        client.resume();
        client.once('close', () => (closedFrozen += 1));
      }
    },
    closedFrozen: () => closedFrozen,
    close() {
      server.close();
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
  };
}

describe('PostgreSQL LISTEN connection', () => {
  it('finds a LISTEN connection that went silent, listens again on a new one and reports the gap', async () => {
    const fresh = await createTempDatabase();
    const proxy = await freezableProxy(new URL(fresh.url));
    const errors: string[] = [];
    // The probe's timers run on a fake clock moved by hand (network I/O stays real): a probe is sent, and found
    // unanswered, only when the test says so, never because the machine was slow.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    // Short of the pool's 30 s idle timeout, which would close the pool's (also frozen) connection too.
    const probe = { everyMs: 5000, timeoutMs: 4000 };
    const db = await openPgDb(proxy.url, (error) => errors.push(error.message), probe);
    // Notifications are sent from outside the proxy: the pool's own connections freeze too.
    const direct = new pg.Client({ connectionString: fresh.url });
    await direct.connect();
    try {
      const payloads: string[] = [];
      let gaps = 0;
      db.onListenGap(() => (gaps += 1));
      await db.listen('grove_probe_test', (payload) => payloads.push(payload));
      await direct.query(`select pg_notify('grove_probe_test', 'before')`);
      await expect.poll(() => payloads).toEqual(['before']);
      proxy.freeze();
      await direct.query(`select pg_notify('grove_probe_test', 'lost')`);
      // A probe is sent on the frozen connection, and its time runs out.
      await vi.advanceTimersByTimeAsync(probe.everyMs);
      await vi.advanceTimersByTimeAsync(probe.timeoutMs + 1);
      await expect.poll(() => errors).toContain('The LISTEN connection did not answer in time.');
      expect(gaps).toBe(0);
      // It reconnects after its delay (1 s) and reports the gap.
      await vi.advanceTimersByTimeAsync(1000);
      await expect.poll(() => gaps).toBe(1);
      // The dead connection's socket is closed, not left to TCP's give-up (the pool's idle one stays open).
      await expect.poll(() => proxy.closedFrozen()).toBe(1);
      await direct.query(`select pg_notify('grove_probe_test', 'after')`);
      await expect.poll(() => payloads).toEqual(['before', 'after']);
    } finally {
      vi.useRealTimers();
      await direct.end();
      proxy.close();
      await db.close();
      await fresh.drop();
    }
  });
});

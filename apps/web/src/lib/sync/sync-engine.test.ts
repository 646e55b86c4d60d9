import { SYNC_UPDATE_MAX_BYTES, type SyncRecord } from '@grove/domain/sync/sync-wire';
import { defineCommand } from '@grove/domain/workspace/command';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, harness, names, project, renameProject } from '@/test/store-harness.ts';
import { SyncRequestError } from './sync-errors.ts';
import { deriveSpaceKeys, newSpaceKey, newSyncId, type SpaceKeys } from './sync-crypto.ts';
import { COMPACT_AFTER_UPDATES, SyncEngine, type SyncProgress, type SyncServer, type SyncStatus } from './sync-engine.ts';

/** The server's part as the relay does it (apps/server sync module): numbered opaque bodies and one snapshot, paged. */
class FakeSpace {
  updates: { seq: number; body: Uint8Array }[] = [];
  snapshot: { covers: number; body: Uint8Array } | null = null;
  lastSeq = 0;
  reachable = true;
  pageSize = 2;
  /** What the space may hold in all (the relay's 50 MiB, smaller here). */
  byteLimit = Number.POSITIVE_INFINITY;
  /** Called while an append is on its way (before the server answers). */
  duringAppend: (() => void) | null = null;
  snapshots = 0;

  bytes(): number {
    return this.updates.reduce((sum, entry) => sum + entry.body.byteLength, this.snapshot?.body.byteLength ?? 0);
  }

  /** The space deleted and made again by another device: empty, numbered from 1. */
  remake(): void {
    this.updates = [];
    this.snapshot = null;
    this.lastSeq = 0;
  }

  server(): SyncServer {
    // Answers as the network does: later, or not at all when the server cannot be reached.
    const answer = <T>(work: () => T): Promise<T> => (this.reachable ? Promise.resolve().then(work) : Promise.reject(new TypeError('Failed to fetch')));
    return {
      append: (body) => answer(() => {
        const during = this.duringAppend;
        this.duringAppend = null;
        during?.();
        if (body.byteLength > SYNC_UPDATE_MAX_BYTES) throw new SyncRequestError(413, 'syncUpdateTooLarge', 'too large');
        if (this.bytes() + body.byteLength > this.byteLimit) throw new SyncRequestError(413, 'syncSpaceFull', 'full');
        this.lastSeq += 1;
        this.updates.push({ seq: this.lastSeq, body: body.slice() });
        return { seq: this.lastSeq, bytes: this.bytes() };
      }),
      read: (afterOrNull) => answer(() => {
        const after = afterOrNull ?? 0;
        if (after > this.lastSeq) throw new SyncRequestError(409, 'syncCursorAhead', 'ahead');
        const records: SyncRecord[] = [];
        let from = after;
        // As the relay: the snapshot when it covers more than `after`, and always when `after` is absent.
        if (this.snapshot && (afterOrNull === null || this.snapshot.covers > after)) {
          records.push({ kind: 'snapshot', seq: this.snapshot.covers, body: this.snapshot.body });
          from = this.snapshot.covers;
        }
        const later = this.updates.filter((entry) => entry.seq > from).slice(0, this.pageSize);
        records.push(...later.map((entry) => ({ kind: 'update' as const, seq: entry.seq, body: entry.body })));
        const last = records.at(-1)?.seq ?? after;
        return { records, next: last < this.lastSeq ? last : null };
      }),
      putSnapshot: (covers, body) => answer(() => {
        if (this.snapshot && covers < this.snapshot.covers) throw new SyncRequestError(409, 'syncSnapshotStale', 'stale');
        this.snapshots += 1;
        this.snapshot = { covers, body };
        this.updates = this.updates.filter((entry) => entry.seq > covers);
      }),
    };
  }
}

interface Kept {
  storage: MemoryStorage;
  device: string;
  progress: SyncProgress;
}

/** A device on the space: a new one, or one opened again with what it kept (its storage, id and progress). */
const newDevice = (): Kept => ({ storage: new MemoryStorage(), device: newSyncId(), progress: { counter: 0, lastSeq: 0, accepted: {} } });

async function device(space: FakeSpace, keys: SpaceKeys, kept: Kept = newDevice()) {
  const tab = harness(kept.storage);
  const statuses: SyncStatus[] = [];
  let progress = kept.progress;
  const engine = new SyncEngine({
    keys, device: kept.device, port: tab.store, server: space.server(), progress,
    saveProgress: (next) => {
      progress = next;
    },
    onStatus: (status) => statuses.push(status),
  });
  await engine.start();
  const keptNow = (): Kept => ({ storage: kept.storage, device: kept.device, progress });
  return { ...tab, engine, statuses, progress: () => progress, kept: keptNow };
}

const addLongProject = defineCommand<{ name: string; description: string }>('addLongProject', (data, { name, description }) => ({
  ...data, projects: [...data.projects, { ...project(name), description }],
}));

const spaceKeys = () => deriveSpaceKeys(newSyncId(), newSpaceKey());

describe('the sync engine', () => {
  it('carries each device\'s changes to the other through the space, which holds only ciphertext', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    const phone = await device(space, keys);
    laptop.store.dispatch(addProject, 'Secret launch plan');
    await laptop.engine.sync();
    await phone.engine.sync();
    expect(names(phone.store)).toEqual(['Secret launch plan']);
    phone.store.dispatch(renameProject, { id: 'project-Secret launch plan', name: 'Renamed on the phone' });
    await phone.engine.sync();
    await laptop.engine.sync();
    expect(names(laptop.store)).toEqual(['Renamed on the phone']);
    expect(laptop.statuses.at(-1)).toEqual({ state: 'synced' });
    // Stored by the device it came to, like its own change.
    phone.advance(5000);
    expect(names(harness(phone.storage).store)).toEqual(['Renamed on the phone']);
    const stored = Buffer.concat(space.updates.map((entry) => Buffer.from(entry.body)));
    expect(stored.includes(Buffer.from('Secret launch'))).toBe(false);
    expect(stored.includes(Buffer.from('Renamed'))).toBe(false);
  });

  it('a change made while a message is on its way goes in the next one', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    space.duringAppend = () => laptop.store.dispatch(addProject, 'typed meanwhile');
    laptop.store.dispatch(addProject, 'first');
    await laptop.engine.sync();
    await laptop.engine.sync();
    const phone = await device(space, keys);
    expect(names(phone.store)).toEqual(['first', 'typed meanwhile']);
  });

  it('offline, keeps the changes and sends them when the server answers again', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    space.reachable = false;
    laptop.store.dispatch(addProject, 'Written on a train');
    await laptop.engine.sync();
    expect(laptop.statuses.at(-1)).toEqual({ state: 'offline' });
    space.reachable = true;
    await laptop.engine.sync();
    expect(laptop.statuses.at(-1)).toEqual({ state: 'synced' });
    const phone = await device(space, keys);
    expect(names(phone.store)).toEqual(['Written on a train']);
  });

  it('refuses a message changed on the server or replayed, applying nothing of it', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    const phone = await device(space, keys);
    laptop.store.dispatch(addProject, 'one');
    await laptop.engine.sync();
    const index = space.updates.length - 1;
    const change = space.updates[index];
    if (!change) throw new Error('nothing was sent');
    const tampered = change.body.slice();
    tampered[tampered.length - 1] = (tampered.at(-1) as number) ^ 1;
    space.updates[index] = { seq: change.seq, body: tampered };
    await phone.engine.sync();
    expect(phone.statuses.at(-1)).toEqual({ state: 'error', reason: 'integrity' });
    expect(names(phone.store)).toEqual([]);
    expect(phone.progress().lastSeq).toBe(change.seq - 1);

    // The original back, then the same message again under a new number: merged once, the replay refused.
    space.updates[index] = change;
    await phone.engine.sync();
    expect(names(phone.store)).toEqual(['one']);
    expect(phone.statuses.at(-1)).toEqual({ state: 'synced' });
    space.lastSeq += 1;
    space.updates.push({ seq: space.lastSeq, body: change.body });
    await phone.engine.sync();
    expect(phone.statuses.at(-1)).toEqual({ state: 'error', reason: 'integrity' });
    expect(phone.progress().lastSeq).toBe(change.seq);
  });

  it('a device joining later reads the snapshot and the changes after it', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    for (const name of ['a', 'b', 'c']) {
      laptop.store.dispatch(addProject, name);
      await laptop.engine.sync();
    }
    await laptop.engine.uploadSnapshot();
    expect(space.updates).toEqual([]);
    laptop.store.dispatch(addProject, 'd');
    await laptop.engine.sync();
    const tablet = await device(space, keys);
    expect(names(tablet.store)).toEqual(['a', 'b', 'c', 'd']);
    expect(tablet.progress().lastSeq).toBe(space.lastSeq);
  });

  it('a space\'s messages do not open with another space\'s keys', async () => {
    const space = new FakeSpace();
    const laptop = await device(space, await spaceKeys());
    laptop.store.dispatch(addProject, 'private');
    await laptop.engine.sync();
    const stranger = await device(space, await spaceKeys());
    expect(stranger.statuses.at(-1)).toEqual({ state: 'error', reason: 'integrity' });
    expect(names(stranger.store)).toEqual([]);
  });

  it('a change made offline in a tab that then closed is sent by the next start', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    space.reachable = false;
    laptop.store.dispatch(addProject, 'Written offline');
    await laptop.engine.sync();
    laptop.advance(5000);
    laptop.engine.stop();
    space.reachable = true;
    // The browser opened again: the same storage, device and progress; nothing new typed.
    const reopened = await device(space, keys, laptop.kept());
    expect(reopened.statuses.at(-1)).toEqual({ state: 'synced' });
    const phone = await device(space, keys);
    expect(names(phone.store)).toEqual(['Written offline']);
  });

  it('reads a space that holds less than it read (deleted and made again) from its start, and sends it the whole document', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    laptop.store.dispatch(addProject, 'kept');
    await laptop.engine.sync();
    space.remake();
    await laptop.engine.sync();
    expect(laptop.statuses.at(-1)).toEqual({ state: 'synced' });
    expect(laptop.progress().lastSeq).toBe(space.lastSeq);
    const phone = await device(space, keys);
    expect(names(phone.store)).toEqual(['kept']);
  });

  it('compacts the space into a snapshot after many updates', async () => {
    const space = new FakeSpace();
    space.pageSize = 1000;
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    for (let index = 0; index < COMPACT_AFTER_UPDATES; index += 1) {
      laptop.store.dispatch(addProject, `p${index}`);
      await laptop.engine.sync();
    }
    expect(space.snapshots).toBe(1);
    expect(space.updates.length).toBeLessThan(10);
    const phone = await device(space, keys);
    expect(names(phone.store)).toHaveLength(COMPACT_AFTER_UPDATES);
  });

  it('a change too large for one update (a large workspace turning sync on) goes as the space\'s snapshot', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const storage = new MemoryStorage();
    const tab = harness(storage);
    tab.store.dispatch(addLongProject, { name: 'Large', description: 'x'.repeat(SYNC_UPDATE_MAX_BYTES) });
    tab.advance(5000);
    const laptop = await device(space, keys, { storage, device: newSyncId(), progress: { counter: 0, lastSeq: 0, accepted: {} } });
    expect(laptop.statuses.at(-1)).toEqual({ state: 'synced' });
    expect(space.snapshots).toBe(1);
    expect(space.updates).toEqual([]);
    laptop.store.dispatch(addProject, 'small, after');
    await laptop.engine.sync();
    expect(space.updates).toHaveLength(1);
    const phone = await device(space, keys);
    expect(names(phone.store)).toEqual(['Large', 'small, after']);
  });

  it('a full space is compacted, then the change that did not fit is sent', async () => {
    const space = new FakeSpace();
    const keys = await spaceKeys();
    const laptop = await device(space, keys);
    for (let index = 0; index < 20; index += 1) {
      laptop.store.dispatch(addProject, `p${index}`);
      await laptop.engine.sync();
    }
    // Twenty messages hold more than one snapshot of the same document (each has its own header, nonce and tag).
    space.byteLimit = space.bytes() + 1;
    laptop.store.dispatch(addProject, 'one more');
    await laptop.engine.sync();
    expect(laptop.statuses.at(-1)).toEqual({ state: 'synced' });
    expect(space.snapshots).toBe(1);
    const phone = await device(space, keys);
    expect(names(phone.store)).toHaveLength(21);
  });
});

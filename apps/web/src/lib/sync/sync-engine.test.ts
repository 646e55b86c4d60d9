import type { SyncRecord } from '@grove/domain/sync/sync-wire';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, harness, names, renameProject } from '@/test/store-harness.ts';
import { deriveSpaceKeys, newSpaceKey, newSyncId, type SpaceKeys } from './sync-crypto.ts';
import { SyncEngine, type SyncProgress, type SyncServer, type SyncStatus } from './sync-engine.ts';

/** The server's part as the relay does it (apps/server sync module): numbered opaque bodies and one snapshot, paged. */
class FakeSpace {
  updates: { seq: number; body: Uint8Array }[] = [];
  snapshot: { covers: number; body: Uint8Array } | null = null;
  lastSeq = 0;
  reachable = true;
  pageSize = 2;

  server(): SyncServer {
    // Answers as the network does: later, or not at all when the server cannot be reached.
    const answer = <T>(work: () => T): Promise<T> => (this.reachable ? Promise.resolve().then(work) : Promise.reject(new TypeError('Failed to fetch')));
    return {
      append: (body) => answer(() => {
        this.lastSeq += 1;
        this.updates.push({ seq: this.lastSeq, body: body.slice() });
        return { seq: this.lastSeq };
      }),
      read: (after) => answer(() => {
        const records: SyncRecord[] = [];
        let from = after;
        if (this.snapshot && this.snapshot.covers > after) {
          records.push({ kind: 'snapshot', seq: this.snapshot.covers, body: this.snapshot.body });
          from = this.snapshot.covers;
        }
        const later = this.updates.filter((entry) => entry.seq > from).slice(0, this.pageSize);
        records.push(...later.map((entry) => ({ kind: 'update' as const, seq: entry.seq, body: entry.body })));
        const last = records.at(-1)?.seq ?? after;
        return { records, next: last < this.lastSeq ? last : null };
      }),
      putSnapshot: (covers, body) => answer(() => {
        this.snapshot = { covers, body };
        this.updates = this.updates.filter((entry) => entry.seq > covers);
      }),
    };
  }
}

async function device(space: FakeSpace, keys: SpaceKeys, storage = new MemoryStorage()) {
  const tab = harness(storage);
  const statuses: SyncStatus[] = [];
  let progress: SyncProgress = { counter: 0, lastSeq: 0, accepted: {} };
  const engine = new SyncEngine({
    keys, device: newSyncId(), port: tab.store, server: space.server(), progress,
    saveProgress: (next) => {
      progress = next;
    },
    onStatus: (status) => statuses.push(status),
  });
  await engine.start();
  return { ...tab, engine, statuses, progress: () => progress };
}

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
});

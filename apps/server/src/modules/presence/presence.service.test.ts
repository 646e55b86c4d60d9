import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/db.ts';
import type { PresenceRepository } from './presence.repository.ts';
import { PresenceService } from './presence.service.ts';

/** A presence table as a number, and the NOTIFY the service listens to, fired by hand. */
function setUp() {
  let visitors = 0;
  let notify: () => void = () => {};
  const db = {
    listen: (_channel: string, handler: () => void) => {
      notify = handler;
      return Promise.resolve(() => Promise.resolve());
    },
    onListenGap: () => {},
  } as unknown as Db;
  const repository = {
    count: () => Promise.resolve(visitors),
    refreshAndSweep: () => Promise.resolve([]),
    leaveAll: () => Promise.resolve(),
  } as unknown as PresenceRepository;
  const pushed: number[] = [];
  const service = new PresenceService(db, repository, { ttlMs: 45_000, refreshMs: 60_000 }, (count) => pushed.push(count), () => {});
  return {
    service, pushed,
    setVisitors: (n: number) => (visitors = n),
    notifyAndSettle: async () => {
      notify();
      await vi.advanceTimersByTimeAsync(60);
    },
  };
}

describe('PresenceService stop', () => {
  afterEach(() => vi.useRealTimers());

  it('never writes a visitor back after stop(), even from a refresh that was in flight', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let finishRefresh: (missing: string[]) => void = () => {};
    const db = {
      listen: () => Promise.resolve(() => Promise.resolve()),
      onListenGap: () => {},
    } as unknown as Db;
    const repository = {
      count: () => Promise.resolve(0),
      join: (id: string) => {
        calls.push(`join ${id}`);
        return Promise.resolve();
      },
      refreshAndSweep: () => new Promise<string[]>((resolve) => (finishRefresh = resolve)),
      leaveAll: () => {
        calls.push('leaveAll');
        return Promise.resolve();
      },
    } as unknown as PresenceRepository;
    const service = new PresenceService(db, repository, { ttlMs: 45_000, refreshMs: 1000 }, () => {}, () => {});
    await service.start();
    await service.join('c1', 'visitor-1', '2024-01-01T00:00:00.000Z');
    await vi.advanceTimersByTimeAsync(1000);
    // The refresh is in flight; the server starts closing; then the refresh finds c1's row gone.
    const stopped = service.stop();
    finishRefresh(['c1']);
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(['join c1', 'leaveAll']);
  });
});

describe('PresenceService', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the admins in step when one subscribes while the last pushed count is out of date', async () => {
    vi.useFakeTimers();
    const t = setUp();
    await t.service.start();
    t.setVisitors(1);
    await t.notifyAndSettle();
    expect(t.pushed).toEqual([1]);
    // The visitor left; its NOTIFY has not been handled yet when an admin subscribes and is told 0.
    t.setVisitors(0);
    expect(await t.service.syncCount()).toBe(0);
    // A visitor arrives: 1 differs from what the admins were last told (0), so it is pushed.
    t.setVisitors(1);
    await t.notifyAndSettle();
    expect(t.pushed).toEqual([1, 0, 1]);
    await t.service.stop();
  });
});

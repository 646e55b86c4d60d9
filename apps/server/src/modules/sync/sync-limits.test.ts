import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_LIMITS, DEFAULT_SYNC_SPACE_TTL_DAYS, takeFromWindow } from './sync-limits.ts';

const MB = 1024 * 1024;

describe('sync limits', () => {
  it('are the ones decision 068 names', () => {
    expect(DEFAULT_SYNC_LIMITS).toMatchObject({
      spaceMaxBytes: 50 * MB, updateMaxBytes: 1 * MB, snapshotMaxBytes: 20 * MB, updatesPerWindow: 600, rateWindowMs: 60_000,
      spacesPerClientPerHour: 20,
    });
    expect(DEFAULT_SYNC_SPACE_TTL_DAYS).toBe(180);
    // A snapshot always fits an empty space, and a page can carry the largest update.
    expect(DEFAULT_SYNC_LIMITS.snapshotMaxBytes).toBeLessThan(DEFAULT_SYNC_LIMITS.spaceMaxBytes);
    expect(DEFAULT_SYNC_LIMITS.pageMaxBytes).toBeGreaterThan(DEFAULT_SYNC_LIMITS.updateMaxBytes);
  });
});

describe('takeFromWindow', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  it('counts updates in a window that starts at its first update', () => {
    expect(takeFromWindow({ start, count: 0 }, at(10), 3, 60_000)).toEqual({ ok: true, window: { start, count: 1 } });
    expect(takeFromWindow({ start, count: 2 }, at(59_999), 3, 60_000)).toEqual({ ok: true, window: { start, count: 3 } });
  });

  it('refuses past the limit, saying the whole seconds left (at least 1)', () => {
    expect(takeFromWindow({ start, count: 3 }, at(10), 3, 60_000)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(takeFromWindow({ start, count: 3 }, at(58_500), 3, 60_000)).toEqual({ ok: false, retryAfterSeconds: 2 });
    expect(takeFromWindow({ start, count: 3 }, at(59_999), 3, 60_000)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('starts a new window once the last one ended', () => {
    const now = at(60_000);
    expect(takeFromWindow({ start, count: 3 }, now, 3, 60_000)).toEqual({ ok: true, window: { start: now, count: 1 } });
  });
});

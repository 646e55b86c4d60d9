import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSessionRepository } from './admin-session.repository.ts';
import { AdminSessionService, DEFAULT_SESSION_LIMITS } from './admin-session.service.ts';

const HOUR = 60 * 60_000;
// DEFAULT_SESSION_LIMITS: 30 min idle, so a verification is trusted for 30 s.
const REFRESH_MS = 30_000;

/** One live session in a fake table; the NOTIFY of migration 005 and a listen gap are fired by hand. */
function setUp(options: { absoluteMs?: number } = {}) {
  const expiresAt = new Date(Date.now() + (options.absoluteMs ?? 12 * HOUR));
  let live = true;
  let ended: (hash: string) => void = () => {};
  let gap: () => void = () => {};
  let pendingTouch: (() => void) | undefined;
  let holdTouches = false;
  const touches: string[] = [];
  const repository = {
    touch: (hash: string) => {
      touches.push(hash);
      // Read when the query runs; a held touch answers later, as a slow query whose NOTIFY overtakes it.
      const answer = live ? expiresAt : undefined;
      if (!holdTouches) return Promise.resolve(answer);
      return new Promise<Date | undefined>((resolve) => (pendingTouch = () => resolve(answer)));
    },
    watchEnded: (onEnded: (hash: string) => void, onGap: () => void) => {
      ended = onEnded;
      gap = onGap;
      return Promise.resolve(() => Promise.resolve());
    },
    delete: () => {
      live = false;
      return Promise.resolve();
    },
  } as unknown as AdminSessionRepository;
  const service = new AdminSessionService(repository, 'secret-key-0123456789', DEFAULT_SESSION_LIMITS);
  return {
    service, touches, expiresAt,
    endElsewhere: (hash: string) => {
      live = false;
      ended(hash);
    },
    gap: () => gap(),
    holdTouches: () => (holdTouches = true),
    releaseTouch: () => pendingTouch?.(),
  };
}

describe('AdminSessionService.verify', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the database once per refresh interval while the admin is busy', async () => {
    const { service, touches, expiresAt } = setUp();
    await service.start();
    for (let i = 0; i < 10; i += 1) {
      expect(await service.verify('token')).toEqual(expiresAt);
      vi.advanceTimersByTime(1000);
    }
    expect(touches).toHaveLength(1);
    vi.advanceTimersByTime(REFRESH_MS);
    await service.verify('token');
    expect(touches).toHaveLength(2);
  });

  it('forgets a session ended on another instance at once, and asks again', async () => {
    const { service, touches, endElsewhere } = setUp();
    await service.start();
    await service.verify('token');
    endElsewhere(touches[0]!);
    expect(await service.verify('token')).toBeNull();
    expect(touches).toHaveLength(2);
  });

  it('does not remember a verification that raced the end of a session', async () => {
    const { service, touches, endElsewhere, holdTouches, releaseTouch } = setUp();
    await service.start();
    holdTouches();
    const verifying = service.verify('token');
    // The database read the session as live; then it was deleted and its NOTIFY came before the answer.
    endElsewhere('a'.repeat(64));
    releaseTouch();
    expect(await verifying).not.toBeNull();
    const again = service.verify('token');
    releaseTouch();
    expect(await again).toBeNull();
    expect(touches).toHaveLength(2);
  });

  it('forgets every session when the news of ended sessions may have been lost', async () => {
    const { service, touches, gap } = setUp();
    await service.start();
    await service.verify('token');
    await service.verify('other token');
    gap();
    await service.verify('token');
    await service.verify('other token');
    expect(touches).toHaveLength(4);
  });

  it('asks every time in the last interval before the absolute expiry', async () => {
    const { service, touches } = setUp({ absoluteMs: REFRESH_MS + 5000 });
    await service.start();
    await service.verify('token');
    vi.advanceTimersByTime(6000);
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(3);
  });

  it('remembers nothing before start() or after stop()', async () => {
    const { service, touches } = setUp();
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(2);
    await service.start();
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(3);
    await service.stop();
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(5);
  });

  it('forgets a logout on this instance at once', async () => {
    const { service, touches } = setUp();
    await service.start();
    await service.verify('token');
    await service.logout('token');
    expect(await service.verify('token')).toBeNull();
    expect(touches).toHaveLength(2);
  });
});

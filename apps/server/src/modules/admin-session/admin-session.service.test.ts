import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSessionRepository, LiveSession, SessionEndedHandlers } from './admin-session.repository.ts';
import { AdminSessionService, DEFAULT_SESSION_LIMITS } from './admin-session.service.ts';

const HOUR = 60 * 60_000;
// DEFAULT_SESSION_LIMITS: 30 min idle, so a verification is trusted for 30 s.
const REFRESH_MS = 30_000;

/**
 * One live session in a fake table, whose database clock is the (fake) performance clock; the NOTIFY of
 * migration 005 and the notification connection's loss and gap are fired by hand.
 */
function setUp(options: { absoluteMs?: number } = {}) {
  const expiresAtMs = performance.now() + (options.absoluteMs ?? 12 * HOUR);
  const expiresAt = new Date(Date.now() + (options.absoluteMs ?? 12 * HOUR));
  let live = true;
  let handlers: SessionEndedHandlers | undefined;
  let pendingTouch: (() => void) | undefined;
  let holdTouches = false;
  const touches: string[] = [];
  const repository = {
    touch: (hash: string) => {
      touches.push(hash);
      // Read when the query runs; a held touch answers later, as a slow query whose NOTIFY overtakes it.
      const answer = live ? { expiresAt, remainingMs: expiresAtMs - performance.now() } : undefined;
      if (!holdTouches) return Promise.resolve(answer);
      return new Promise<LiveSession | undefined>((resolve) => (pendingTouch = () => resolve(answer)));
    },
    watchEnded: (watch: SessionEndedHandlers) => {
      handlers = watch;
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
    endElsewhere: (hash: string | undefined) => {
      live = false;
      handlers?.ended(hash);
    },
    lost: () => handlers?.lost(),
    gap: () => handlers?.gap(),
    holdTouches: () => (holdTouches = true),
    releaseTouch: () => pendingTouch?.(),
  };
}

describe('AdminSessionService.verify', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'performance', 'setTimeout', 'clearTimeout'] });
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
    endElsewhere(createHash('sha256').update('token').digest('hex'));
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

  it('forgets every session on a truncate', async () => {
    const { service, touches, endElsewhere } = setUp();
    await service.start();
    await service.verify('token');
    endElsewhere(undefined);
    expect(await service.verify('token')).toBeNull();
    expect(touches).toHaveLength(2);
  });

  it('forgets every session and remembers none while the notification connection is lost, until it is back', async () => {
    const { service, touches, lost, gap } = setUp();
    await service.start();
    await service.verify('token');
    await service.verify('other token');
    lost();
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(4);
    gap();
    await service.verify('token');
    await service.verify('token');
    expect(touches).toHaveLength(5);
  });

  it('trusts a verification for the refresh interval of the monotonic clock, whatever the wall clock does', async () => {
    const { service, touches } = setUp();
    await service.start();
    await service.verify('token');
    // The wall clock is set back an hour; 31 s pass.
    vi.setSystemTime(Date.now() - HOUR);
    vi.advanceTimersByTime(REFRESH_MS + 1000);
    await service.verify('token');
    expect(touches).toHaveLength(2);
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

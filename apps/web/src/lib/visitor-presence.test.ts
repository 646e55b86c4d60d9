import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPresenceLease, newVisitorId, sessionVisit, type PresenceConnection } from './visitor-presence.ts';

function fakeConnection(calls: string[]): PresenceConnection {
  return {
    connect: () => calls.push('connect'),
    close: () => calls.push('close'),
    joinPresence: (visitorId, onlineAt) => calls.push(`join ${visitorId} ${onlineAt}`),
    leavePresence: () => calls.push('leave'),
  };
}

describe('visitor presence lease (docs/product.md, Visitor presence)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const now = () => new Date('2026-03-05T10:00:00.000Z');

  it('joins with the visitor id and online time on the first hold, and leaves and closes after the last', () => {
    const calls: string[] = [];
    const lease = createPresenceLease(() => fakeConnection(calls), 'v-1', now);
    lease.acquire();
    lease.acquire();
    expect(calls).toEqual(['join v-1 2026-03-05T10:00:00.000Z', 'connect']);
    lease.release();
    vi.runAllTimers();
    expect(calls).toHaveLength(2);
    lease.release();
    vi.runAllTimers();
    expect(calls).toEqual(['join v-1 2026-03-05T10:00:00.000Z', 'connect', 'leave', 'close']);
  });

  it('keeps the connection when one layout hands over to another in the same tick', () => {
    const calls: string[] = [];
    let created = 0;
    const lease = createPresenceLease(() => {
      created += 1;
      return fakeConnection(calls);
    }, 'v-2', now);
    lease.acquire();
    lease.release();
    lease.acquire();
    vi.runAllTimers();
    expect(created).toBe(1);
    expect(calls).toEqual(['join v-2 2026-03-05T10:00:00.000Z', 'connect']);
  });

  it('joins again on a later visit outside admin, and ignores a release too many', () => {
    const calls: string[] = [];
    const lease = createPresenceLease(() => fakeConnection(calls), 'v-3', now);
    lease.acquire();
    lease.release();
    vi.runAllTimers();
    lease.release();
    vi.runAllTimers();
    lease.acquire();
    expect(calls.filter((call) => call.startsWith('join'))).toHaveLength(2);
    expect(calls.filter((call) => call === 'close')).toHaveLength(1);
  });

  it('generates distinct visitor ids', () => {
    expect(newVisitorId()).not.toBe(newVisitorId());
  });
});

describe('sessionVisit', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('keeps one visitor id and online time for every page of the tab\'s visit', () => {
    const first = sessionVisit(() => new Date('2026-11-28T10:00:00.000Z'));
    expect(first.onlineAt).toBe('2026-11-28T10:00:00.000Z');
    expect(sessionVisit(() => new Date('2026-11-28T11:00:00.000Z'))).toEqual(first);
  });

  it('starts a new visit when what is kept is not one', () => {
    window.sessionStorage.setItem('grove-visit', '{"visitorId":"","onlineAt":"never"}');
    const visit = sessionVisit(() => new Date('2026-11-28T10:00:00.000Z'));
    expect(visit.visitorId).not.toBe('');
    expect(JSON.parse(window.sessionStorage.getItem('grove-visit') ?? '')).toEqual(visit);
  });
});

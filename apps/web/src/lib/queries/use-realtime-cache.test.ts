import { describe, expect, it } from 'vitest';
import { createConnectionLease } from './use-realtime-cache';

describe('realtime connection lease', () => {
  it('opens one connection for the first listener and closes it when the last one leaves', () => {
    const calls: string[] = [];
    let created = 0;
    const lease = createConnectionLease(() => {
      created += 1;
      return { connect: () => calls.push('connect'), close: () => calls.push('close') };
    });
    const first = lease.acquire();
    const second = lease.acquire();
    expect(second).toBe(first);
    expect(calls).toEqual(['connect']);
    lease.release();
    expect(calls).toEqual(['connect']);
    lease.release();
    expect(calls).toEqual(['connect', 'close']);
    lease.release();
    expect(calls).toEqual(['connect', 'close']);
    lease.acquire();
    expect(calls).toEqual(['connect', 'close', 'connect']);
    expect(created).toBe(1);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { adminKeys } from '@/lib/queries/query-keys.ts';
import type { CloseInfo, RealtimeStatus } from '@/lib/realtime-client.ts';
import { connectAdminLive, SESSION_ENDED_CLOSE, type LiveSource } from './admin-dashboard-live.ts';

function fakeSource() {
  const counts = new Set<(count: number) => void>();
  const statuses = new Set<(status: RealtimeStatus, closed?: CloseInfo) => void>();
  const topics: string[] = [];
  const source: LiveSource = {
    subscribe: (topic) => {
      topics.push(topic);
      return () => topics.splice(topics.indexOf(topic), 1);
    },
    onRefetch: () => () => {},
    onPresenceCount: (handler) => {
      counts.add(handler);
      return () => counts.delete(handler);
    },
    onStatus: (handler) => {
      statuses.add(handler);
      return () => statuses.delete(handler);
    },
  };
  return {
    source,
    topics,
    count: (value: number) => counts.forEach((handler) => handler(value)),
    status: (value: RealtimeStatus, closed?: CloseInfo) => statuses.forEach((handler) => handler(value, closed)),
    listeners: () => counts.size + statuses.size,
  };
}

describe('connectAdminLive', () => {
  it('passes on presence counts and statuses, follows the posts topic, and stops cleanly', () => {
    const fake = fakeSource();
    const onCount = vi.fn();
    const onStatus = vi.fn();
    const stop = connectAdminLive(fake.source, new QueryClient(), onCount, onStatus);
    expect(fake.topics).toEqual(['blog_posts']);
    fake.count(3);
    fake.status('open');
    expect(onCount).toHaveBeenCalledWith(3);
    expect(onStatus).toHaveBeenCalledWith('open');
    stop();
    expect(fake.topics).toEqual([]);
    expect(fake.listeners()).toBe(0);
  });

  it('refetches the stats when the server ends the socket for an ended session, not on other closes', () => {
    const fake = fakeSource();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    connectAdminLive(fake.source, queryClient, () => {}, () => {});
    fake.status('closed', { code: 1006, reason: '' });
    expect(invalidate).not.toHaveBeenCalled();
    fake.status('closed', { code: SESSION_ENDED_CLOSE, reason: 'Admin session ended.' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: adminKeys.stats() });
  });
});

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RealtimeClient } from '@/lib/realtime-client.ts';
import { bridgeRealtimeToCache } from './realtime-bridge.ts';

type Connection = Pick<RealtimeClient, 'connect' | 'close'>;

/** One connection shared by every listener: opened by the first, closed when the last one leaves. */
export function createConnectionLease<C extends Connection>(create: () => C) {
  let client: C | undefined;
  let listeners = 0;
  return {
    acquire(): C {
      client ??= create();
      listeners += 1;
      if (listeners === 1) client.connect();
      return client;
    },
    release(): void {
      if (listeners === 0) return;
      listeners -= 1;
      if (listeners === 0) client?.close();
    },
  };
}

const lease = createConnectionLease(() => new RealtimeClient());

/**
 * Keeps this screen's cached server data live while it is mounted, e.g.
 * `useRealtimeCache([BLOG_POSTS_TOPIC])` on the blog list, `useRealtimeCache([postTopic(id)])` on a post.
 */
export function useRealtimeCache(topics: readonly string[]): void {
  const queryClient = useQueryClient();
  const topicsKey = topics.join('\n');
  useEffect(() => {
    const client = lease.acquire();
    const stop = bridgeRealtimeToCache(client, queryClient, topicsKey.split('\n').filter(Boolean));
    return () => {
      stop();
      lease.release();
    };
  }, [queryClient, topicsKey]);
}

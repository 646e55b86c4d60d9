import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RealtimeClient } from '@/lib/realtime-client.ts';
import { bridgeRealtimeToCache } from './realtime-bridge.ts';

// One connection for the whole tab, open while at least one screen listens.
let shared: RealtimeClient | undefined;
let listeners = 0;

function acquire(): RealtimeClient {
  shared ??= new RealtimeClient();
  listeners += 1;
  if (listeners === 1) shared.connect();
  return shared;
}

function release(client: RealtimeClient): void {
  listeners -= 1;
  if (listeners === 0) client.close();
}

/**
 * Keeps this screen's cached server data live while it is mounted, e.g.
 * `useRealtimeCache([BLOG_POSTS_TOPIC])` on the blog list, `useRealtimeCache([postTopic(id)])` on a post.
 */
export function useRealtimeCache(topics: readonly string[]): void {
  const queryClient = useQueryClient();
  const topicsKey = topics.join('\n');
  useEffect(() => {
    const client = acquire();
    const stop = bridgeRealtimeToCache(client, queryClient, topicsKey.split('\n').filter(Boolean));
    return () => {
      stop();
      release(client);
    };
  }, [queryClient, topicsKey]);
}

import { BLOG_POSTS_TOPIC } from '@grove/domain/realtime/topics';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminKeys } from '@/lib/queries/query-keys.ts';
import { bridgeRealtimeToCache } from '@/lib/queries/realtime-bridge.ts';
import type { RealtimeClient, RealtimeStatus } from '@/lib/realtime-client.ts';

/** The server closes an admin socket whose session ended with this code (apps/server realtime.routes.ts). */
export const SESSION_ENDED_CLOSE = 4001;

export type LiveSource = Pick<RealtimeClient, 'subscribe' | 'onRefetch' | 'onPresenceCount' | 'onStatus'>;

/**
 * One connection for the admin dashboard (docs/product.md, Visitor presence): the live visitor count, and post
 * inserts and deletes refreshing the figures and the recent list. The admin only listens: it never joins presence,
 * so the server's count is every visitor but this listener. A socket closed for an ended session makes the stats
 * refetch, whose 401 the admin layout turns into a return to the login.
 */
export function connectAdminLive(
  source: LiveSource, queryClient: QueryClient, onCount: (count: number) => void, onStatus: (status: RealtimeStatus) => void,
): () => void {
  const stops = [
    bridgeRealtimeToCache(source, queryClient, [BLOG_POSTS_TOPIC]),
    source.onPresenceCount(onCount),
    source.onStatus((status, closed) => {
      onStatus(status);
      if (closed?.code === SESSION_ENDED_CLOSE) void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

export interface AdminLive {
  /** Null until the server sent a count on this connection. */
  visitors: number | null;
  status: RealtimeStatus;
}

type LiveClient = LiveSource & Pick<RealtimeClient, 'connect' | 'close'>;

// The realtime client loads after the dashboard's first paint, as the visitors' does (lib/use-visitor-presence.ts).
const createClient = async (): Promise<LiveClient> => new (await import('@/lib/realtime-client.ts')).RealtimeClient();

export function useAdminLive(create: () => Promise<LiveClient> = createClient): AdminLive {
  const queryClient = useQueryClient();
  const [visitors, setVisitors] = useState<number | null>(null);
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    create().then((client) => {
      if (cancelled) return;
      const disconnect = connectAdminLive(client, queryClient, setVisitors, setStatus);
      client.connect();
      stop = () => {
        disconnect();
        client.close();
      };
    }, () => {
      // The realtime code could not be loaded: the stats call's count stays, shown as not live.
      if (!cancelled) setStatus('closed');
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // The factory is fixed for the screen's life; a new one must not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);
  return { visitors, status };
}

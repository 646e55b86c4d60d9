import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({});
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** Closed by the server or the network, with a close code and reason. */
  drop(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const post = {
  id: '6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f', title: 'T', content: '<p>c</p>', excerpt: 'e', image_url: null, tags: [],
  author: { full_name: 'Grove Team' }, created_at: '2024-01-01T00:00:00.000Z', updated_at: '2024-01-01T00:00:00.000Z',
};

describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let client: RealtimeClient;
  const latest = () => sockets[sockets.length - 1]!;
  /** Subscribes to the topics and connects; returns the mock that receives the refetch requests. */
  const connectWatching = (...topics: string[]) => {
    const refetch = vi.fn();
    client.onRefetch(refetch);
    for (const topic of topics) client.subscribe(topic, () => {});
    client.connect();
    return refetch;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new RealtimeClient({ url: 'ws://test/api/realtime', createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    } });
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
  });

  it('subscribes when open and hands change messages of the topic to its handlers', () => {
    const seen: unknown[] = [];
    client.subscribe('blog_posts', (message) => seen.push(message.event));
    client.connect();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'blog_posts' }]);
    latest().receive({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'INSERT', new: post, old: null });
    latest().receive({ type: 'change', topic: 'site_content:about', table: 'site_content', event: 'UPDATE', new: null, old: null });
    expect(seen).toEqual(['INSERT']);
  });

  it('watches a sync space: subscribes with its token on every connect, and reports ready, changed and refused for it alone', () => {
    const space = 'AAAAAAAAAAAAAAAAAAAAAA';
    const other = 'BBBBBBBBBBBBBBBBBBBBBA';
    const token = `${'t'.repeat(42)}A`;
    const events: string[] = [];
    const stop = client.watchSyncSpace(space, token, (event) => events.push(event));
    client.connect();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'sync', space, token }]);
    latest().receive({ type: 'subscribed', topic: 'sync', space });
    latest().receive({ type: 'sync', space, seq: 4 });
    latest().receive({ type: 'sync', space: other, seq: 9 });
    latest().receive({ type: 'resync' });
    latest().receive({ type: 'error', message: 'Refused.', topic: 'sync', space });
    expect(events).toEqual(['ready', 'changed', 'changed', 'refused']);

    latest().close();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'sync', space, token }]);
    stop();
    expect(latest().sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'sync', space });
    latest().receive({ type: 'sync', space, seq: 5 });
    expect(events).toHaveLength(4);
  });

  it('reconnects after 1, 2, 5, 10, 10 s, re-subscribes, re-joins presence and asks for a refetch', () => {
    const refetch = connectWatching('site_content:about');
    latest().open();
    client.joinPresence('visitor-1', '2024-01-01T00:00:00.000Z');
    expect(refetch).not.toHaveBeenCalled();

    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = sockets.length;
      latest().close();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets.length).toBe(count);
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(count + 1);
    }
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: 'site_content:about' },
      { type: 'presence.join', visitorId: 'visitor-1', onlineAt: '2024-01-01T00:00:00.000Z' },
    ]);
    // The refetch waits until the server has the subscription again, so no change can slip in between.
    expect(refetch).not.toHaveBeenCalled();
    latest().receive({ type: 'subscribed', topic: 'site_content:about' });
    expect(refetch).toHaveBeenCalledTimes(1);
    // A connection that stays up 10 s resets the back-off.
    vi.advanceTimersByTime(10_000);
    latest().close();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(7);
  });

  it('keeps backing off when the server accepts and closes at once (a full server)', () => {
    client.connect();
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      latest().open();
      latest().close();
      const count = sockets.length;
      let waited = 0;
      while (sockets.length === count) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 5000, 10_000, 10_000]);
  });

  it('answers pings, each message keeps the connection alive, and 35 s of silence drops it to reconnect', () => {
    client.connect();
    latest().open();
    vi.advanceTimersByTime(20_000);
    latest().receive({ type: 'ping' });
    expect(latest().sent).toEqual([{ type: 'pong' }]);
    // 35 s after the last message, not after the open.
    vi.advanceTimersByTime(34_999);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.readyState).toBe(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a connection whose handshake hangs and tries again', () => {
    client.connect();
    vi.advanceTimersByTime(35_000);
    expect(sockets[0]!.readyState).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('passes presence counts and resync requests on, and unsubscribes when the last handler leaves', () => {
    const counts: number[] = [];
    const refetch = vi.fn();
    client.connect();
    latest().open();
    const stop = client.onPresenceCount((count) => counts.push(count));
    client.onRefetch(refetch);
    latest().receive({ type: 'presence', count: 3 });
    latest().receive({ type: 'resync' });
    stop();
    expect(counts).toEqual([3]);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'presence' }, { type: 'unsubscribe', topic: 'presence' }]);
  });

  it('keeps a topic while one of its registrations is left, even of the same handler', () => {
    const seen: string[] = [];
    const handler = (message: { event: string }) => seen.push(message.event);
    client.connect();
    latest().open();
    const first = client.subscribe('blog_posts', handler);
    client.subscribe('blog_posts', handler);
    const other = client.subscribe('blog_posts', () => {});
    first();
    first();
    other();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'blog_posts' }]);
    latest().receive({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'DELETE', new: null, old: post });
    expect(seen).toEqual(['DELETE']);
  });

  it('waits for every re-sent subscription before the refetch; a refused one is named by the server', () => {
    const refetch = connectWatching('presence', 'blog_posts', 'site_content:about');
    latest().open();
    client.reconnect();
    latest().open();
    latest().receive({ type: 'error', message: 'Admin session required for presence.', topic: 'presence' });
    latest().receive({ type: 'error', message: 'Messages must be JSON.' });
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).not.toHaveBeenCalled();
    latest().receive({ type: 'subscribed', topic: 'site_content:about' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does not hold the refetch back for a topic the server cannot read', () => {
    const refetch = connectWatching(`site_content:${'x'.repeat(300)}`, 'blog_posts');
    latest().open();
    client.reconnect();
    latest().open();
    latest().receive({ type: 'error', message: 'Unknown message or topic.' });
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('asks for a refetch after close() and connect() again: changes made while closed were not sent', () => {
    const refetch = connectWatching('blog_posts');
    latest().open();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    client.close();
    client.connect();
    latest().open();
    expect(refetch).not.toHaveBeenCalled();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('sends presence.leave once and does not re-join after a reconnect', () => {
    client.connect();
    latest().open();
    client.joinPresence('visitor-1', '2024-01-01T00:00:00.000Z');
    client.leavePresence();
    client.leavePresence();
    expect(latest().sent).toEqual([
      { type: 'presence.join', visitorId: 'visitor-1', onlineAt: '2024-01-01T00:00:00.000Z' }, { type: 'presence.leave' },
    ]);
    client.reconnect();
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it('asks for a refetch when a first connection that failed finally opens', () => {
    const refetch = connectWatching('blog_posts');
    latest().close();
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a refetch on a first connection that opened at once', () => {
    const refetch = connectWatching('blog_posts');
    latest().open();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('reconnect() opens a new connection at once with the same subscriptions, passes server errors on', () => {
    const refetch = vi.fn();
    const errors: string[] = [];
    client.onRefetch(refetch);
    client.onError((message) => errors.push(message));
    client.subscribe('presence', () => {});
    client.connect();
    latest().open();
    latest().receive({ type: 'error', message: 'Presence needs an admin session.' });
    expect(errors).toEqual(['Presence needs an admin session.']);
    client.reconnect();
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', topic: 'presence' }]);
    latest().receive({ type: 'subscribed', topic: 'presence' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does not reconnect after close()', () => {
    client.connect();
    latest().open();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('tells status listeners why the server closed the connection', () => {
    const statuses: unknown[] = [];
    client.onStatus((status, closed) => statuses.push(closed ? [status, closed.code, closed.reason] : status));
    client.connect();
    latest().open();
    latest().drop(4001, 'Admin session ended.');
    vi.advanceTimersByTime(1000);
    expect(statuses).toEqual(['connecting', 'open', ['closed', 4001, 'Admin session ended.'], 'connecting']);
  });

  it('leaves one connection when a status listener reconnects from its closed status', () => {
    const seen: string[] = [];
    client.subscribe('blog_posts', (message) => seen.push(message.event));
    client.onStatus((status) => {
      if (status === 'closed') client.reconnect();
    });
    client.connect();
    latest().open();
    latest().drop(1006, '');
    // Past the 1 s reconnect delay, short of the silence watchdog.
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
    latest().open();
    latest().receive({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'UPDATE', new: post, old: post });
    expect(seen).toEqual(['UPDATE']);
  });

  describe('with a listener that throws', () => {
    let rethrown: unknown[];
    beforeEach(() => {
      rethrown = [];
      // The client rethrows a listener's error in a microtask; captured here instead of failing the run.
      vi.stubGlobal('queueMicrotask', (task: () => void) => {
        try {
          task();
        } catch (error) {
          rethrown.push(error);
        }
      });
    });
    afterEach(() => {
      client.close();
      vi.unstubAllGlobals();
    });

    it('still reconnects, and reports the error', () => {
      client.onStatus((status) => {
        if (status === 'closed') throw new Error('listener failed');
      });
      client.connect();
      latest().open();
      latest().drop(1006, '');
      vi.advanceTimersByTime(1000);
      expect(sockets).toHaveLength(2);
      expect(rethrown).toEqual([new Error('listener failed')]);
    });

    it('still calls the other refetch and change handlers', () => {
      const refetch = vi.fn();
      const seen: string[] = [];
      client.onRefetch(() => {
        throw new Error('refetch failed');
      });
      client.onRefetch(refetch);
      client.subscribe('blog_posts', () => {
        throw new Error('handler failed');
      });
      client.subscribe('blog_posts', (message) => seen.push(message.event));
      client.connect();
      latest().open();
      latest().drop(1006, '');
      vi.advanceTimersByTime(1000);
      latest().open();
      latest().receive({ type: 'subscribed', topic: 'blog_posts' });
      expect(refetch).toHaveBeenCalledTimes(1);
      latest().receive({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'DELETE', new: null, old: post });
      expect(seen).toEqual(['DELETE']);
      expect(rethrown).toEqual([new Error('refetch failed'), new Error('handler failed')]);
    });
  });

  it('starts the back-off over when connect() follows close()', () => {
    client.connect();
    for (const delay of [1000, 2000, 5000]) {
      latest().drop(1006, '');
      vi.advanceTimersByTime(delay);
    }
    client.close();
    client.connect();
    const count = sockets.length;
    latest().drop(1006, '');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(count + 1);
  });
});

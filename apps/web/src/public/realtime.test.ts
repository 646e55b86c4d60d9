import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicRealtime, readServerMessage, type SocketLike } from './realtime.ts';

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

  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }

  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const ID = '6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
const post = { id: ID, title: 'T', content: '<p>c</p>', excerpt: 'e', image_url: null, tags: [], created_at: '2024-01-01T00:00:00.000Z' };

describe('readServerMessage', () => {
  it('reads the messages the pages act on, with only the fields they use', () => {
    expect(readServerMessage(JSON.stringify({ type: 'ping' }))).toEqual({ type: 'ping' });
    expect(readServerMessage(JSON.stringify({ type: 'resync' }))).toEqual({ type: 'resync' });
    expect(readServerMessage(JSON.stringify({ type: 'subscribed', topic: 'blog_posts' }))).toEqual({ type: 'subscribed', topic: 'blog_posts' });
    expect(readServerMessage(JSON.stringify({ type: 'error', message: 'No.', topic: 'x' }))).toEqual({ type: 'error', message: 'No.', topic: 'x' });
    expect(readServerMessage(JSON.stringify({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'UPDATE', new: { ...post, id: ID.toUpperCase() }, old: null })))
      .toEqual({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'UPDATE', key: ID });
    // A DELETE names its row in `old`; a page is named by its slug.
    expect(readServerMessage(JSON.stringify({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'DELETE', new: null, old: post })))
      .toMatchObject({ event: 'DELETE', key: ID });
    expect(readServerMessage(JSON.stringify({ type: 'change', topic: 'site_content:about', table: 'site_content', event: 'UPDATE', new: { slug: 'about', title: 'A' }, old: null })))
      .toMatchObject({ table: 'site_content', key: 'about' });
  });

  it('refuses what is malformed or not for these pages', () => {
    for (const data of [
      'not json', 'null', '[]', '"ping"', JSON.stringify({ type: 'presence', count: 3 }), JSON.stringify({ type: 'subscribed' }),
      JSON.stringify({ type: 'error' }), JSON.stringify({ type: 'sync', space: 'x', seq: 1 }),
      JSON.stringify({ type: 'change', topic: 'blog_posts', table: 'users', event: 'UPDATE', new: null, old: null }),
      JSON.stringify({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'TRUNCATE', new: null, old: null }),
      JSON.stringify({ type: 'change', topic: 7, table: 'blog_posts', event: 'UPDATE', new: null, old: null }),
      JSON.stringify({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'UPDATE', new: 'row', old: null }),
    ]) expect(readServerMessage(data), data).toBeUndefined();
  });
});

describe('PublicRealtime', () => {
  let sockets: FakeSocket[];
  let client: PublicRealtime;
  const latest = () => sockets[sockets.length - 1]!;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    client = new PublicRealtime({ url: 'ws://test/api/realtime', createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    } });
  });
  afterEach(() => {
    client.close();
    vi.useRealTimers();
  });

  it('subscribes and joins presence once open, answers ping with pong, and hands a topic its changes', () => {
    const seen: unknown[] = [];
    client.subscribe('blog_posts', (change) => seen.push(change.event));
    client.joinPresence('visitor-1', '2026-01-01T00:00:00.000Z');
    client.connect();
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: 'blog_posts' },
      { type: 'presence.join', visitorId: 'visitor-1', onlineAt: '2026-01-01T00:00:00.000Z' },
    ]);
    latest().receive({ type: 'ping' });
    expect(latest().sent.at(-1)).toEqual({ type: 'pong' });
    latest().receive({ type: 'change', topic: 'blog_posts', table: 'blog_posts', event: 'INSERT', new: post, old: null });
    latest().receive({ type: 'change', topic: `blog_posts:${ID}`, table: 'blog_posts', event: 'UPDATE', new: post, old: null });
    expect(seen).toEqual(['INSERT']);
  });

  it('reconnects after 1, 2, 5, 10, 10 s, and re-subscribes and re-joins on each new connection', () => {
    client.subscribe(`blog_posts:${ID}`, () => {});
    client.joinPresence('visitor-1', '2026-01-01T00:00:00.000Z');
    client.connect();
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = sockets.length;
      latest().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(count + 1);
    }
    latest().open();
    expect(latest().sent).toEqual([
      { type: 'subscribe', topic: `blog_posts:${ID}` },
      { type: 'presence.join', visitorId: 'visitor-1', onlineAt: '2026-01-01T00:00:00.000Z' },
    ]);
  });

  it('asks for a refetch after a reconnect only once the server confirmed every topic, and on a resync', () => {
    const refetch = vi.fn();
    client.onRefetch(refetch);
    client.subscribe('blog_posts', () => {});
    client.subscribe(`blog_posts:${ID}`, () => {});
    client.connect();
    latest().open();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    latest().receive({ type: 'subscribed', topic: `blog_posts:${ID}` });
    // The first connection missed nothing.
    expect(refetch).not.toHaveBeenCalled();
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().receive({ type: 'subscribed', topic: 'blog_posts' });
    expect(refetch).not.toHaveBeenCalled();
    // A refused topic is not waited for.
    latest().receive({ type: 'error', message: 'Refused.', topic: `blog_posts:${ID}` });
    expect(refetch).toHaveBeenCalledOnce();
    latest().receive({ type: 'resync' });
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('drops a silent connection after the heartbeat timeout and reconnects', () => {
    client.connect();
    latest().open();
    vi.advanceTimersByTime(34_999);
    latest().receive({ type: 'ping' });
    vi.advanceTimersByTime(34_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().readyState).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('leaves presence at once when open, or once open when asked before', () => {
    client.joinPresence('visitor-1');
    client.leavePresence();
    client.connect();
    latest().open();
    expect(latest().sent).toEqual([{ type: 'presence.leave' }]);
    client.joinPresence('visitor-1', '2026-01-01T00:00:00.000Z');
    client.leavePresence();
    expect(latest().sent.slice(1)).toEqual([
      { type: 'presence.join', visitorId: 'visitor-1', onlineAt: '2026-01-01T00:00:00.000Z' }, { type: 'presence.leave' },
    ]);
    // Not joined again after a reconnect.
    latest().drop();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(latest().sent).toEqual([]);
  });

  it('stops reconnecting once closed', () => {
    client.connect();
    latest().open();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

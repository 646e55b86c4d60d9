import pg from 'pg';
import { assertChannelName, type Db, type Queryable, type SqlParam } from './db.ts';

type Handler = (payload: string) => void;

const RECONNECT_DELAY_MS = 1000;

export interface ListenerProbe {
  /** How often the LISTEN connection is asked `select 1`. */
  everyMs: number;
  /** An answer later than this means the connection is dead (half-open: no error, no end, no notifications). */
  timeoutMs: number;
}

export const DEFAULT_LISTENER_PROBE: ListenerProbe = { everyMs: 30_000, timeoutMs: 10_000 };

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T extends object>(sql: string, params: readonly SqlParam[] = []) => {
      const result = await client.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    exec: async (sql: string) => {
      await client.query(sql);
    },
  };
}

/**
 * One dedicated connection for LISTEN (pooled connections cannot hold it). When it drops, it reconnects,
 * listens again to every channel and reports a gap: notifications sent meanwhile are lost. A connection that
 * only listens never notices a peer that vanished without closing it (a NAT or proxy timing it out): TCP
 * keep-alive and a periodic `select 1` that must answer in time find it, and it is dropped like a closed one.
 */
class Listener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly gapHandlers: Array<() => void> = [];
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly probeTimer: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: Error) => void,
    private readonly probe: ListenerProbe,
  ) {
    this.probeTimer = setInterval(() => this.checkAlive(), probe.everyMs);
    this.probeTimer.unref();
  }

  private checkAlive(): void {
    const client = this.client;
    if (!client) return;
    let settled = false;
    const fail = (error: unknown) => {
      if (this.client !== client) return;
      this.onError(error instanceof Error ? error : new Error(String(error)));
      this.drop(client);
      // Not awaited: on a dead link the goodbye may never be acknowledged. With the probe still waiting for
      // its answer, node-postgres destroys the socket instead of sending the goodbye (db.test.ts checks it).
      client.end().catch(() => {});
    };
    const timer = setTimeout(() => {
      // After a long blocked turn the timer can fire before the answer already waiting on the socket is
      // read: give that read one turn before calling the connection dead.
      setImmediate(() => {
        if (!settled) fail(new Error('The LISTEN connection did not answer in time.'));
      });
    }, this.probe.timeoutMs);
    client.query('select 1').then(
      () => {
        settled = true;
        clearTimeout(timer);
      },
      (error: unknown) => {
        settled = true;
        clearTimeout(timer);
        fail(error);
      },
    );
  }

  onGap(handler: () => void): void {
    this.gapHandlers.push(handler);
  }

  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    assertChannelName(channel);
    const client = await this.connect();
    // Read after the await: another listen() may have added the channel meanwhile (LISTEN once per channel).
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${channel}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        if (this.client && !this.closed) await this.client.query(`UNLISTEN ${channel}`);
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.onError(error);
      this.drop(client);
    });
    client.on('end', () => this.drop(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    this.client = client;
    return client;
  }

  private drop(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('notification');
    if (this.closed) return;
    const reconnect = () => {
      this.retry = undefined;
      if (this.closed) return;
      this.connect().then(
        () => {
          for (const handler of this.gapHandlers) handler();
        },
        (error: Error) => {
          this.onError(error);
          this.retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
        },
      );
    };
    this.retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.probeTimer);
    const client = this.client ?? (this.connecting ? await this.connecting.catch(() => undefined) : undefined);
    this.client = undefined;
    await client?.end();
  }
}

/** PostgreSQL through node-postgres, used when DATABASE_URL is set; several instances may share it. */
export async function openPgDb(
  connectionString: string, onError: (error: Error) => void = () => {}, probe: ListenerProbe = DEFAULT_LISTENER_PROBE,
): Promise<Db> {
  // Bounded waits: a request never hangs on a saturated pool or a stuck statement (it fails and is logged).
  const pool = new pg.Pool({
    connectionString, max: 10, connectionTimeoutMillis: 5000, statement_timeout: 15_000, idleTimeoutMillis: 30_000,
    keepAlive: true, keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('error', onError);
  // Fail fast on a wrong DATABASE_URL instead of at the first request.
  await pool.query('select 1');
  const listener = new Listener(connectionString, onError, probe);
  const base = wrap(pool);
  let closed = false;
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      // A connection whose ROLLBACK failed is in an unknown state: release(error) destroys it instead of
      // handing it to the next query.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    onListenGap: (handler) => listener.onGap(handler),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/** Values our SQL passes as parameters; both drivers serialise these the same way. */
export type SqlParam = string | number | boolean | null | Date | Uint8Array | readonly string[];

/** What a query or a transaction can do: parameterised single statements, and multi-statement scripts. */
export interface Queryable {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

/**
 * The small database surface the server needs, with one implementation per engine (PGlite, PostgreSQL).
 * Counts must be cast to int in SQL: PGlite returns bigint as number, node-postgres as string.
 */
export interface Db extends Queryable {
  readonly kind: DbKind;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; resolves once listening, to a function that stops it. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Called after the notification connection was lost and is back: notifications in between may be lost,
   * so caches must be dropped and clients told to refetch.
   */
  onListenGap(handler: () => void): void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid NOTIFY channel name: ${channel}`);
}

import type { ChangeMessage } from '@grove/domain/realtime/messages';
import { BLOG_POSTS_TOPIC, postTopic, siteContentTopic } from '@grove/domain/realtime/topics';
import type { Db } from '../db/db.ts';
import { postFromChangedRow } from '../modules/posts/posts.service.ts';
import { siteContentFromChangedRow } from '../modules/site-content/site-content.service.ts';

interface ChangeEventRow {
  table_name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  new_row: unknown;
  old_row: unknown;
}

const KEEP_EVENTS_MS = 10 * 60_000;

/** The topic messages one database change becomes (docs/product.md, Public site: all post events; single post and page: UPDATE). */
export function toMessages(row: ChangeEventRow): ChangeMessage[] {
  if (row.table_name === 'blog_posts') {
    const post = (value: unknown) => (value ? postFromChangedRow(value) : null);
    const base = { type: 'change', table: 'blog_posts', event: row.event, new: post(row.new_row), old: post(row.old_row) } as const;
    const messages: ChangeMessage[] = [{ ...base, topic: BLOG_POSTS_TOPIC }];
    if (row.event === 'UPDATE' && base.new) messages.push({ ...base, topic: postTopic(base.new.id) });
    return messages;
  }
  if (row.table_name === 'site_content' && row.event === 'UPDATE' && row.new_row) {
    const page = (value: unknown) => (value ? siteContentFromChangedRow(value) : null);
    const next = page(row.new_row);
    if (!next) return [];
    return [{ type: 'change', table: 'site_content', event: 'UPDATE', topic: siteContentTopic(next.slug), new: next, old: page(row.old_row) }];
  }
  return [];
}

const EVENTS = new Set(['INSERT', 'UPDATE', 'DELETE']);

/**
 * A grove_changes payload: the whole event as JSON when it fitted in the NOTIFY (migration 003), else the
 * change_events id to read it by; undefined when it is neither.
 */
export function parsePayload(payload: string): ChangeEventRow | string | undefined {
  if (/^\d+$/.test(payload)) return payload;
  try {
    const value = JSON.parse(payload) as Partial<ChangeEventRow> | null;
    if (value && typeof value.table_name === 'string' && typeof value.event === 'string' && EVENTS.has(value.event)) {
      return { table_name: value.table_name, event: value.event, new_row: value.new_row ?? null, old_row: value.old_row ?? null };
    }
  } catch {
    // Not JSON: falls through to undefined.
  }
  return undefined;
}

/**
 * Listens to 'grove_changes' (sent by the content triggers with the event, or its change_events id when too
 * large), handles each event in order, and hands its messages on. Every instance does this, so a write
 * anywhere reaches everyone.
 */
export class ChangeFeed {
  private queue: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly handlers: {
      /** A change was committed somewhere: called on the NOTIFY itself, before its event is read. */
      onNotify: () => void;
      onChange: (messages: ChangeMessage[]) => void;
      /** Changes may have been missed: drop caches, tell clients to refetch. */
      onGap: () => void;
      onError: (error: unknown) => void;
    },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen('grove_changes', (payload) => {
      // Cached reads are stale from this moment, whether or not the event can be read below.
      this.handlers.onNotify();
      const event = parsePayload(payload);
      if (!event) {
        this.handlers.onGap();
        return;
      }
      // Chained so events are handled in commit order even though a large one needs a query. An event that
      // cannot be read is a change clients did not get: a gap.
      this.queue = this.queue.then(() => this.handle(event)).catch((error: unknown) => {
        this.handlers.onError(error);
        this.handlers.onGap();
      });
    });
    this.db.onListenGap(this.handlers.onGap);
    this.sweeper = setInterval(() => {
      this.db.query(`delete from change_events where created_at < now() - $1 * interval '1 millisecond'`, [KEEP_EVENTS_MS])
        .catch(this.handlers.onError);
    }, 60_000);
  }

  private async handle(event: ChangeEventRow | string): Promise<void> {
    if (typeof event !== 'string') {
      this.handlers.onChange(toMessages(event));
      return;
    }
    const [row] = await this.db.query<ChangeEventRow>('select table_name, event, new_row, old_row from change_events where id = $1', [event]);
    if (row) this.handlers.onChange(toMessages(row));
    else this.handlers.onGap();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.stopListening?.();
    await this.queue;
  }
}

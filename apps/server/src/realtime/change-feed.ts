import type { ChangeMessage } from '@grove/domain/realtime/messages';
import { BLOG_POSTS_TOPIC, postTopic, siteContentTopic } from '@grove/domain/realtime/topics';
import type { Db } from '../db/db.ts';
import { toBlogPost, type PostRow } from '../modules/posts/posts.repository.ts';
import { cleanPost } from '../modules/posts/posts.service.ts';
import { toSiteContent, type SiteContentRow } from '../modules/site-content/site-content.repository.ts';
import { cleanSiteContent } from '../modules/site-content/site-content.service.ts';

interface ChangeEventRow {
  table_name: string;
  event: 'INSERT' | 'UPDATE' | 'DELETE';
  new_row: unknown;
  old_row: unknown;
}

const KEEP_EVENTS_MS = 10 * 60_000;

/** The topic messages one database change becomes (spec 7: all post events; single post and page: UPDATE). */
export function toMessages(row: ChangeEventRow): ChangeMessage[] {
  if (row.table_name === 'blog_posts') {
    const post = (value: unknown) => (value ? cleanPost(toBlogPost(value as PostRow)) : null);
    const base = { type: 'change', table: 'blog_posts', event: row.event, new: post(row.new_row), old: post(row.old_row) } as const;
    const messages: ChangeMessage[] = [{ ...base, topic: BLOG_POSTS_TOPIC }];
    if (row.event === 'UPDATE' && base.new) messages.push({ ...base, topic: postTopic(base.new.id) });
    return messages;
  }
  if (row.table_name === 'site_content' && row.event === 'UPDATE' && row.new_row) {
    const page = (value: unknown) => (value ? cleanSiteContent(toSiteContent(value as SiteContentRow)) : null);
    const next = page(row.new_row);
    if (!next) return [];
    return [{ type: 'change', table: 'site_content', event: 'UPDATE', topic: siteContentTopic(next.slug), new: next, old: page(row.old_row) }];
  }
  return [];
}

/**
 * Listens to 'grove_changes' (sent by the content triggers with a change_events id), reads each event in
 * order, and hands its messages on. Every instance does this, so a write anywhere reaches everyone.
 */
export class ChangeFeed {
  private queue: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly handlers: { onChange: (messages: ChangeMessage[]) => void; onGap: () => void; onError: (error: unknown) => void },
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen('grove_changes', (payload) => {
      if (!/^\d+$/.test(payload)) return;
      // Chained so events are handled in commit order even though each needs a query.
      this.queue = this.queue.then(() => this.handle(payload)).catch(this.handlers.onError);
    });
    this.db.onListenGap(this.handlers.onGap);
    this.sweeper = setInterval(() => {
      this.db.query(`delete from change_events where created_at < now() - $1 * interval '1 millisecond'`, [KEEP_EVENTS_MS])
        .catch(this.handlers.onError);
    }, 60_000);
  }

  private async handle(id: string): Promise<void> {
    const [row] = await this.db.query<ChangeEventRow>('select table_name, event, new_row, old_row from change_events where id = $1', [id]);
    if (row) this.handlers.onChange(toMessages(row));
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.stopListening?.();
    await this.queue;
  }
}

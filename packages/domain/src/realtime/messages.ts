import { z } from 'zod';
import { blogPostSchema } from '../content/blog-post.ts';
import { siteContentSchema } from '../content/site-content.ts';
import { isStorableText } from '../content/text.ts';
import { MAX_ECHOED_TOPIC_LENGTH, SYNC_TOPIC } from './protocol.ts';
import { topicSchema } from './topics.ts';

export { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, MAX_ECHOED_TOPIC_LENGTH, RECONNECT_DELAYS_MS, SYNC_TOPIC } from './protocol.ts';

/**
 * Sync (decision 068): a space's or a device's id is 16 random bytes in base64url without padding. 22 characters;
 * the last carries 2 bits, so it is A, Q, g or w and each id has one spelling.
 */
export const syncIdSchema = z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, 'Not a sync id: 16 bytes in base64url without padding.');
/** A space's access token: 32 bytes (HKDF from the space key) in base64url without padding, 43 characters. */
export const syncTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, 'Not an access token: 32 bytes in base64url without padding.');

const syncSubscriptionSchemas = [
  z.object({ type: z.literal('subscribe'), topic: z.literal(SYNC_TOPIC), space: syncIdSchema, token: syncTokenSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: z.literal(SYNC_TOPIC), space: syncIdSchema }),
] as const;

const topicMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({
    type: z.literal('presence.join'),
    visitorId: z.string().min(1).max(100).refine(isStorableText),
    // PostgreSQL has no year 0: '0000-…' passes the ISO format but the database would refuse the row.
    onlineAt: z.iso.datetime().refine((value) => new Date(value).getUTCFullYear() >= 1, 'onlineAt must be a date in year 1 or later.'),
  }),
  z.object({ type: z.literal('presence.leave') }),
  z.object({ type: z.literal('pong') }),
]);

// A plain union on top: a discriminated union takes one option per `type`, and subscribe has two shapes.
export const clientMessageSchema = z.union([...syncSubscriptionSchemas, topicMessageSchema]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

const eventSchema = z.enum(['INSERT', 'UPDATE', 'DELETE']);

export const changeMessageSchema = z.discriminatedUnion('table', [
  z.object({
    type: z.literal('change'),
    topic: topicSchema,
    table: z.literal('blog_posts'),
    event: eventSchema,
    new: blogPostSchema.nullable(),
    old: blogPostSchema.nullable(),
  }),
  z.object({
    type: z.literal('change'),
    topic: topicSchema,
    table: z.literal('site_content'),
    event: eventSchema,
    new: siteContentSchema.nullable(),
    old: siteContentSchema.nullable(),
  }),
]);
export type ChangeMessage = z.infer<typeof changeMessageSchema>;

export const serverMessageSchema = z.union([
  changeMessageSchema,
  z.object({ type: z.literal('subscribed'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribed'), topic: topicSchema }),
  z.object({ type: z.literal('subscribed'), topic: z.literal(SYNC_TOPIC), space: syncIdSchema }),
  z.object({ type: z.literal('unsubscribed'), topic: z.literal(SYNC_TOPIC), space: syncIdSchema }),
  /** A sync space gained the update of this sequence number: read after your last one. Never a body. */
  z.object({ type: z.literal('sync'), space: syncIdSchema, seq: z.number().int().positive() }),
  z.object({ type: z.literal('presence'), count: z.number().int() }),
  z.object({ type: z.literal('ping') }),
  /** Changes may have been missed (the server lost its database listener for a while): refetch. */
  z.object({ type: z.literal('resync') }),
  /**
   * `topic`: the subscription refused, when the error is about one (as the client sent it); `space` with topic
   * `sync`: the space whose subscription was refused.
   */
  z.object({
    type: z.literal('error'), message: z.string(), topic: z.string().max(MAX_ECHOED_TOPIC_LENGTH).optional(), space: syncIdSchema.optional(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

import { apiErrorSchema } from '@grove/domain/content/api-error';
import { syncIdSchema, syncTokenSchema } from '@grove/domain/realtime/messages';
import { z } from 'zod';

// The JSON parts of the sync API (decision 068), validated by the routes and described by the OpenAPI document.
// The binary parts (an update, a snapshot, a page of records) are opaque bytes and sync-wire.ts.

/** The header naming the device a request comes from: its 16-byte id in base64url, like a space's. */
export const DEVICE_HEADER = 'x-grove-device';
/** The header of a page of records when more follow: the `after` to read the next page with. */
export const NEXT_HEADER = 'x-grove-sync-next';

export const createSpaceSchema = z.object({
  id: syncIdSchema.describe('16 random bytes made by the device, base64url without padding.'),
  token: syncTokenSchema.describe('The 32-byte access token derived from the space key by HKDF; the server keeps only its SHA-256.'),
});

/** A sequence number or a count in a query: a whole number written in at most 15 digits (below 2^53). */
const whole = (name: string) => z.string().regex(/^\d{1,15}$/, `${name} must be a whole number.`).transform(Number);

export const readQuerySchema = z.object({
  after: whole('after').optional().describe('The last sequence number this device holds; absent: it holds nothing yet.'),
  limit: whole('limit').pipe(z.number().min(1, 'limit must be at least 1.')).optional(),
});

export const snapshotQuerySchema = z.object({
  covers: whole('covers').describe('The sequence number of the last update the snapshot holds.'),
});

export const createdSpaceSchema = z.object({ id: syncIdSchema });
export const appendedSchema = z.object({
  seq: z.number().int().positive().describe('The sequence number the update was given.'),
  bytes: z.number().int().describe('Bytes the space now holds (updates and snapshot).'),
});
export const snapshotStoredSchema = z.object({
  covers: z.number().int().nonnegative(),
  bytes: z.number().int().describe('Bytes the space now holds (updates and snapshot).'),
});
export const deviceListSchema = z.object({
  devices: z.array(z.object({
    device: syncIdSchema,
    last_seq: z.number().int().nonnegative().describe('The highest sequence number the device sent, read or covered.'),
    last_seen_at: z.iso.datetime(),
  })),
});

/** The API's error shape, with the code a sync refusal names (sync.service.ts, syncErrors). */
export const syncErrorSchema = apiErrorSchema.extend({
  code: z.string().optional().describe('Which refusal, e.g. syncSpaceFull or syncTooManyUpdates (decision 068).'),
});

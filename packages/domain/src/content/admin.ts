import { z } from 'zod';

export const adminLoginSchema = z.object({
  key: z.string({ error: 'Secret key is required.' }).min(1, 'Secret key is required.').max(1000, 'Invalid secret key.'),
}, { error: 'The request body must be a JSON object.' });
export type AdminLogin = z.infer<typeof adminLoginSchema>;

export const adminSessionSchema = z.object({
  authenticated: z.boolean(),
  /** When the session ends at the latest (absolute limit); idle expiry comes earlier without use. */
  expires_at: z.iso.datetime().nullable(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminStatsSchema = z.object({
  posts: z.number().int(),
  site_pages: z.number().int(),
  live_visitors: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const uploadResultSchema = z.object({
  name: z.string(),
  url: z.string().describe('Same-origin public URL of the image.'),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

export const SITE_CONTENT_SLUGS = ['about', 'contact', 'privacy', 'terms'] as const;
export const SITE_CONTENT_MAX = 200_000;

export const slugSchema = z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Page not found.');

export const siteContentSchema = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string().describe('Sanitised HTML.'),
  updated_at: z.iso.datetime(),
});
export type SiteContent = z.infer<typeof siteContentSchema>;

export const siteContentListSchema = z.array(siteContentSchema);

export const siteContentPatchSchema = z.object({
  content: z.string({ error: 'Content is required.' })
    .refine(isStorableText, `Content ${UNSTORABLE_TEXT_MESSAGE}`)
    .trim()
    .min(1, 'Content is required.')
    .max(SITE_CONTENT_MAX, `Content must be at most ${SITE_CONTENT_MAX} characters.`),
}, { error: 'The request body must be a JSON object.' });
export type SiteContentPatch = z.output<typeof siteContentPatchSchema>;

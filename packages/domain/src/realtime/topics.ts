import { z } from 'zod';
import { TOPIC_PATTERN } from './topic-names.ts';

export { BLOG_POSTS_TOPIC, PRESENCE_TOPIC, postTopic, siteContentTopic } from './topic-names.ts';

export const topicSchema = z.string().regex(TOPIC_PATTERN, 'Unknown topic.');
export type Topic = z.infer<typeof topicSchema>;

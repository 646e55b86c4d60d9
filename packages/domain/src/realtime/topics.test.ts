import { describe, expect, it } from 'vitest';
import { postTopic, siteContentTopic, topicSchema } from './topics.ts';

describe('realtime topics', () => {
  it('names a post by its id in lower case, the way the server sends its changes', () => {
    const topic = postTopic('6F1C3F7E-8A4B-4C1D-9E2F-0A1B2C3D4E5F');
    expect(topic).toBe('blog_posts:6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f');
    expect(topicSchema.safeParse(topic).success).toBe(true);
  });

  it('accepts the four kinds of topic and nothing else', () => {
    for (const topic of ['blog_posts', 'presence', siteContentTopic('privacy'), postTopic('6f1c3f7e-8a4b-4c1d-9e2f-0a1b2c3d4e5f')]) {
      expect(topicSchema.safeParse(topic).success).toBe(true);
    }
    for (const topic of ['profiles', 'blog_posts:42', 'site_content:About', 'site_content:', 'presence:x']) {
      expect(topicSchema.safeParse(topic).success).toBe(false);
    }
  });
});

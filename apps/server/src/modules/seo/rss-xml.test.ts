import { describe, expect, it } from 'vitest';
import { feedOf } from '../../../test/helpers/parsed-xml.ts';
import type { PublishedPost } from './published-content.ts';
import { FEED_MAX_ITEMS, rfc822, rssXml } from './rss-xml.ts';

const ORIGIN = 'https://grove.example';
const CHANNEL = { title: 'Blog | Grove', description: 'News, ideas and guides from the Grove team.', language: 'en' };
const NOW = new Date('2026-11-25T06:00:00.000Z');

const post = (overrides: Partial<PublishedPost> = {}): PublishedPost => ({
  id: '3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09', title: 'Hello', excerpt: 'A first post.', image_url: null,
  created_at: '2026-03-05T12:00:00.000Z', updated_at: '2026-03-05T12:00:00.000Z', ...overrides,
});

describe('rfc822', () => {
  it('writes RFC 822 dates in GMT with a four-digit year', () => {
    expect(rfc822('2026-03-05T12:00:00.000Z')).toBe('Thu, 05 Mar 2026 12:00:00 GMT');
    expect(rfc822('2026-12-31T23:59:59.999+02:00')).toBe('Thu, 31 Dec 2026 21:59:59 GMT');
  });
});

describe('rssXml', () => {
  it('writes a valid RSS 2.0 channel with its self link and an item per post', () => {
    const xml = rssXml(ORIGIN, CHANNEL, [post({ image_url: '/storage/blog_images/a.png', updated_at: '2026-03-06T08:00:00.000Z' })], NOW);
    const rss = feedOf(xml);
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel).toEqual({
      title: 'Blog | Grove',
      link: 'https://grove.example/blog',
      description: 'News, ideas and guides from the Grove team.',
      language: 'en',
      lastBuildDate: 'Fri, 06 Mar 2026 08:00:00 GMT',
      'atom:link': { '@_href': 'https://grove.example/feed.xml', '@_rel': 'self', '@_type': 'application/rss+xml' },
      item: [{
        title: 'Hello',
        link: 'https://grove.example/blog/3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09',
        guid: { '#text': 'https://grove.example/blog/3f0c2b1a-9d8e-4c7b-8a6f-5e4d3c2b1a09', '@_isPermaLink': 'true' },
        pubDate: 'Thu, 05 Mar 2026 12:00:00 GMT',
        description: 'A first post.',
        'media:content': { '@_url': 'https://grove.example/storage/blog_images/a.png', '@_medium': 'image' },
      }],
    });
  });

  it('keeps an https image address as it is and writes no image for a post without one', () => {
    const xml = rssXml(ORIGIN, CHANNEL, [post({ image_url: 'https://images.example/x.jpg?w=1&h=2' }), post({ id: 'b' })], NOW);
    const [withImage, without] = feedOf(xml).channel.item ?? [];
    expect(withImage?.['media:content']?.['@_url']).toBe('https://images.example/x.jpg?w=1&h=2');
    expect(xml).toContain('url="https://images.example/x.jpg?w=1&amp;h=2"');
    expect(without?.['media:content']).toBeUndefined();
  });

  it('escapes markup characters and drops control characters from post text', () => {
    const xml = rssXml(ORIGIN, CHANNEL, [post({ title: '<b>Tom</b> & "Jerry"\u0007', excerpt: 'It\'s <script>alert(1)</script>\u0001 & more' })], NOW);
    expect(xml).toContain('<title>&lt;b&gt;Tom&lt;/b&gt; &amp; &quot;Jerry&quot;</title>');
    const item = feedOf(xml).channel.item?.[0];
    // Read back, the text is the post's own, as plain text: nothing in it became markup.
    expect(item?.title).toBe('<b>Tom</b> & "Jerry"');
    expect(item?.description).toBe('It\'s <script>alert(1)</script> & more');
  });

  it('writes at most 50 items, in the order given (newest first)', () => {
    const posts = Array.from({ length: FEED_MAX_ITEMS + 5 }, (_, i) => post({ id: `p${i}`, title: `Post ${i}` }));
    const items = feedOf(rssXml(ORIGIN, CHANNEL, posts, NOW)).channel.item ?? [];
    expect(items).toHaveLength(FEED_MAX_ITEMS);
    expect(items[0]?.title).toBe('Post 0');
    expect(items.at(-1)?.title).toBe(`Post ${FEED_MAX_ITEMS - 1}`);
  });

  it('is a valid channel without items for an empty blog, built now', () => {
    const xml = rssXml(ORIGIN, CHANNEL, [], NOW);
    const { channel } = feedOf(xml);
    expect(channel.item).toBeUndefined();
    expect(channel.lastBuildDate).toBe('Wed, 25 Nov 2026 06:00:00 GMT');
  });
});

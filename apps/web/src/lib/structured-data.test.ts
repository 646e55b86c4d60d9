import { describe, expect, it } from 'vitest';
import { blogPostingData, plainText, softwareApplicationData, webPageData } from './structured-data.ts';

describe('structured data', () => {
  it('describes the software application as free, Productivity, Web', () => {
    expect(softwareApplicationData({ name: 'Grove', url: 'https://grove.test/', description: 'd' })).toMatchObject({
      '@type': 'SoftwareApplication',
      applicationCategory: 'Productivity',
      operatingSystem: 'Web',
      offers: { price: '0', priceCurrency: 'USD' },
    });
  });

  it('gives a web page the first 150 characters of its content as description', () => {
    const content = `<p>${'a'.repeat(100)}</p><p>${'b'.repeat(100)}</p>`;
    const data = webPageData({ name: 'About Us', url: 'https://grove.test/about', content });
    expect(data.description).toBe(`${'a'.repeat(100)} ${'b'.repeat(49)}`);
    expect(String(data.description)).toHaveLength(150);
  });

  it('strips markup, scripts and entities from content text', () => {
    expect(plainText('<h1>Hi&nbsp;there</h1><script>alert(1)</script><p>Tom &amp; Jerry</p>')).toBe('Hi there Tom & Jerry');
  });

  it('includes dates and image of a blog posting only when known', () => {
    expect(blogPostingData({ headline: 'h', url: 'u', description: 'd', authorName: 'Grove Team' })).not.toHaveProperty('datePublished');
    expect(blogPostingData({ headline: 'h', url: 'u', description: 'd', authorName: 'A', datePublished: '2026-01-01T00:00:00Z', image: 'i.png' }))
      .toMatchObject({ datePublished: '2026-01-01T00:00:00Z', dateModified: '2026-01-01T00:00:00Z', image: 'i.png' });
  });
});

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { PublishedPost } from './published-content.ts';
import { SITEMAP_MAX_URLS, sitemapEntries, sitemapXml } from './sitemap-xml.ts';

const post = (id: string, created: string, updated = created): PublishedPost => ({
  id, title: 'T', excerpt: 'E', image_url: null, created_at: created, updated_at: updated,
});

const parser = new XMLParser({ isArray: (name) => name === 'url' });
const urls = (xml: string) => (parser.parse(xml) as { urlset: { url: { loc: string; lastmod?: string }[] } }).urlset.url;

describe('sitemapEntries', () => {
  it('lists the public pages, then every post, with the dates the database has', () => {
    const entries = sitemapEntries(
      [post('b', '2026-03-02T10:00:00.000Z'), post('a', '2026-01-01T08:00:00.000Z', '2026-04-01T09:30:00.000Z')],
      [{ slug: 'about', updated_at: '2026-02-01T00:00:00.000Z' }, { slug: 'terms', updated_at: '2025-12-24T12:00:00.000Z' }],
    );
    expect(entries).toEqual([
      { path: '/', lastmod: null },
      // The blog changed when its latest post did: an edit of an older post changes the list's excerpt too.
      { path: '/blog', lastmod: '2026-04-01T09:30:00.000Z' },
      { path: '/about', lastmod: '2026-02-01T00:00:00.000Z' },
      { path: '/contact', lastmod: null },
      { path: '/privacy', lastmod: null },
      { path: '/terms', lastmod: '2025-12-24T12:00:00.000Z' },
      { path: '/blog/b', lastmod: '2026-03-02T10:00:00.000Z' },
      { path: '/blog/a', lastmod: '2026-04-01T09:30:00.000Z' },
    ]);
  });

  it('gives an empty blog no date, and never a post date before its publication', () => {
    expect(sitemapEntries([], []).find((entry) => entry.path === '/blog')).toEqual({ path: '/blog', lastmod: null });
    const [, , , , , , only] = sitemapEntries([post('x', '2026-05-05T05:05:05.000Z', '2026-05-01T00:00:00.000Z')], []);
    expect(only).toEqual({ path: '/blog/x', lastmod: '2026-05-05T05:05:05.000Z' });
  });

  it('stops at the 50,000 URLs one sitemap may hold', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => post(`p${i}`, '2026-01-01T00:00:00.000Z'));
    expect(sitemapEntries(many, [])).toHaveLength(SITEMAP_MAX_URLS);
  });
});

describe('sitemapXml', () => {
  it('writes a valid sitemaps.org 0.9 urlset of absolute URLs with W3C dates', () => {
    const xml = sitemapXml('https://grove.example', [{ path: '/', lastmod: null }, { path: '/blog/a', lastmod: '2026-04-01T09:30:00.000Z' }]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(urls(xml)).toEqual([
      { loc: 'https://grove.example/' },
      { loc: 'https://grove.example/blog/a', lastmod: '2026-04-01T09:30:00.000Z' },
    ]);
  });

  it('escapes what it writes', () => {
    const xml = sitemapXml('http://a&b', [{ path: '/<x>"\'', lastmod: null }]);
    expect(xml).toContain('<loc>http://a&amp;b/&lt;x&gt;&quot;&apos;</loc>');
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('is a valid urlset with no post at all', () => {
    const xml = sitemapXml('https://grove.example', sitemapEntries([], []));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(urls(xml).map((url) => url.loc)).toEqual(['/', '/blog', '/about', '/contact', '/privacy', '/terms'].map((path) => `https://grove.example${path}`));
  });
});

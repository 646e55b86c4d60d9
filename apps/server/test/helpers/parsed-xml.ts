import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

// The sitemap and the feed as fast-xml-parser reads them (attributes '@_'-prefixed, values left as text), for the
// seo module's unit and integration tests.

export interface SitemapUrl { loc: string; lastmod?: string }

export interface FeedItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description: string;
  'media:content'?: { '@_url': string; '@_medium': string };
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
  language: string;
  lastBuildDate: string;
  'atom:link': { '@_href': string; '@_rel': string; '@_type': string };
  item?: FeedItem[];
}

const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'url' || name === 'item' });

/** The document parsed, once a real XML parser has found it well-formed. */
export function parseXml(body: string): unknown {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body);
}

export const sitemapOf = (body: string) => (parseXml(body) as { urlset: { '@_xmlns': string; url: SitemapUrl[] } }).urlset;
export const feedOf = (body: string) => (parseXml(body) as { rss: { '@_version': string; channel: FeedChannel } }).rss;

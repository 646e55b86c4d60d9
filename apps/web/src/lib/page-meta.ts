import { imageSrcSet } from '@grove/domain/content/image-variants';
import { createContext, use, useEffect } from 'react';
import { FEED_PATH } from './paths.ts';
import type { StructuredData } from './structured-data.ts';

export const PRODUCT_NAME = 'Grove';

export interface PageMeta {
  /** Screen title; the tab reads '{title} | Grove' unless fullTitle is given. */
  title: string;
  fullTitle?: string;
  description: string;
  /**
   * Path of the canonical URL, e.g. '/blog'; null for a page with no address of its own (a post that does not
   * exist): no canonical link or og:url, so that page is the same for every address that shows it (decision 066).
   */
  path: string | null;
  structuredData: StructuredData;
  noIndex?: boolean;
  /** Open Graph type: 'article' for a blog post, 'website' otherwise. */
  type?: 'website' | 'article';
  /** The picture link previews show (a post's image): absolute, or a path on this site. */
  image?: string | null;
  /** Links the blog's feed from the head. */
  feed?: boolean;
  /**
   * The image the page's largest paint most likely is (a post's cover, the blog's first card's), as its `img`
   * has it: the server-rendered head asks for it first, before the scripts, instead of when the parser reaches the body.
   */
  preloadImage?: PreloadImage | null;
}

/** An image's `src`, and its `srcset` and `sizes` when it has copies (the preload picks what the `img` will). */
export interface PreloadImage {
  href: string;
  srcSet?: string | undefined;
  sizes?: string | undefined;
}

/** An image's preload as its `img` draws it `sizes` wide, with the server's copies when it has them (decision 077). */
export const preloadImageOf = (url: string | null | undefined, sizes: string): PreloadImage | null =>
  (url ? { href: url, srcSet: imageSrcSet(url), sizes } : null);

/** One element of the head a screen owns, marked `data-page-meta="{key}"` so it is updated in place. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  key: string;
  attributes: Record<string, string>;
  text?: string;
}

export function documentTitle(meta: Pick<PageMeta, 'title' | 'fullTitle'>): string {
  return meta.fullTitle ?? `${meta.title} | ${PRODUCT_NAME}`;
}

/**
 * The origin absolute links are written with: the server passes the site's (PUBLIC_URL or the request's) while it
 * renders a page; in the browser it is the page's own.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  return use(SiteOriginContext) ?? window.location.origin;
}

export function canonicalUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}

/** Everything the head says about a screen: description, canonical, robots, Open Graph, Twitter card, JSON-LD. */
export function pageHeadTags(meta: PageMeta, origin: string): HeadTag[] {
  const metaTag = (key: string, attributes: Record<string, string>): HeadTag => ({ tag: 'meta', key, attributes });
  const url = meta.path === null ? null : canonicalUrl(meta.path, origin);
  const title = documentTitle(meta);
  const image = meta.image ? canonicalUrl(meta.image, origin) : null;
  const tags: HeadTag[] = [
    metaTag('description', { name: 'description', content: meta.description }),
    ...(url === null ? [] : [{ tag: 'link' as const, key: 'canonical', attributes: { rel: 'canonical', href: url } }]),
    metaTag('robots', { name: 'robots', content: meta.noIndex ? 'noindex, nofollow' : 'index, follow' }),
    metaTag('og:type', { property: 'og:type', content: meta.type ?? 'website' }),
    metaTag('og:site_name', { property: 'og:site_name', content: PRODUCT_NAME }),
    metaTag('og:title', { property: 'og:title', content: title }),
    metaTag('og:description', { property: 'og:description', content: meta.description }),
    ...(url === null ? [] : [metaTag('og:url', { property: 'og:url', content: url })]),
    metaTag('twitter:card', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
    metaTag('twitter:title', { name: 'twitter:title', content: title }),
    metaTag('twitter:description', { name: 'twitter:description', content: meta.description }),
  ];
  if (image) tags.push(metaTag('og:image', { property: 'og:image', content: image }), metaTag('twitter:image', { name: 'twitter:image', content: image }));
  if (meta.feed) {
    tags.push({
      tag: 'link', key: 'feed',
      attributes: { rel: 'alternate', type: 'application/rss+xml', title: `${PRODUCT_NAME} Blog`, href: canonicalUrl(FEED_PATH, origin) },
    });
  }
  // '<' escaped so no content can close the script element.
  tags.push({ tag: 'script', key: 'structured-data', attributes: { type: 'application/ld+json' }, text: JSON.stringify(meta.structuredData).replace(/</g, '\\u003c') });
  return tags;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The head's HTML for a server-rendered page: the title, the preload of its largest image (only here: a screen
 * the browser opens later fetches its image at once anyway) and every tag of pageHeadTags.
 */
export function pageHeadHtml(meta: PageMeta, origin: string): string {
  const attributesHtml = (attributes: Record<string, string>) =>
    Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
  const tags = pageHeadTags(meta, origin).map(({ tag, key, attributes, text }) => {
    const attrs = attributesHtml({ ...attributes, 'data-page-meta': key });
    return tag === 'script' ? `<script${attrs}>${text ?? ''}</script>` : `<${tag}${attrs}>`;
  });
  const image = meta.preloadImage;
  const preload = image ? [`<link${attributesHtml({
    rel: 'preload', as: 'image', href: image.href, ...(image.srcSet ? { imagesrcset: image.srcSet, imagesizes: image.sizes ?? '100vw' } : {}), fetchpriority: 'high',
  })}>`] : [];
  return [`<title>${escapeHtml(documentTitle(meta))}</title>`, ...preload, ...tags].join('\n    ');
}

/** Sets the title and the screen's head tags, updating those already there (the server's, a previous screen's). */
export function applyPageMeta(meta: PageMeta, origin = window.location.origin): void {
  document.title = documentTitle(meta);
  const tags = pageHeadTags(meta, origin);
  const keys = new Set(tags.map((tag) => tag.key));
  for (const stale of document.head.querySelectorAll<HTMLElement>('[data-page-meta]')) {
    if (!keys.has(stale.dataset.pageMeta ?? '')) stale.remove();
  }
  for (const { tag, key, attributes, text } of tags) {
    let element = document.head.querySelector<HTMLElement>(`${tag}[data-page-meta="${key}"]`);
    if (!element) {
      element = document.createElement(tag);
      element.dataset.pageMeta = key;
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
  }
}

/** While the server renders a page, the screen's meta goes here (the head is written after the body). */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

export function usePageMeta(meta: PageMeta): void {
  const collect = use(PageMetaCollector);
  collect?.(meta);
  const key = JSON.stringify(meta);
  useEffect(() => {
    applyPageMeta(JSON.parse(key) as PageMeta);
  }, [key]);
}

import { useEffect } from 'react';
import type { StructuredData } from './structured-data.ts';

export const PRODUCT_NAME = 'Grove';

export interface PageMeta {
  /** Screen title; the tab reads '{title} | Grove' unless fullTitle is given. */
  title: string;
  fullTitle?: string;
  description: string;
  /** Path of the canonical URL, e.g. '/blog'. */
  path: string;
  structuredData: StructuredData;
  noIndex?: boolean;
}

export function documentTitle(meta: Pick<PageMeta, 'title' | 'fullTitle'>): string {
  return meta.fullTitle ?? `${meta.title} | ${PRODUCT_NAME}`;
}

export function canonicalUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).toString();
}

function headElement<K extends 'meta' | 'link' | 'script'>(tag: K, marker: string): HTMLElementTagNameMap[K] {
  const selector = `${tag}[data-page-meta="${marker}"]`;
  const existing = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (existing) return existing;
  const element = document.createElement(tag);
  element.dataset.pageMeta = marker;
  document.head.append(element);
  return element;
}

/** Sets title, description, canonical link, robots and the JSON-LD block of the current screen. */
export function applyPageMeta(meta: PageMeta): void {
  document.title = documentTitle(meta);

  const description = headElement('meta', 'description');
  description.name = 'description';
  description.content = meta.description;

  const canonical = headElement('link', 'canonical');
  canonical.rel = 'canonical';
  canonical.href = canonicalUrl(meta.path);

  const robots = headElement('meta', 'robots');
  robots.name = 'robots';
  robots.content = meta.noIndex ? 'noindex, nofollow' : 'index, follow';

  const jsonLd = headElement('script', 'structured-data');
  jsonLd.type = 'application/ld+json';
  // '<' escaped so no content can close the script element.
  jsonLd.textContent = JSON.stringify(meta.structuredData).replace(/</g, '\\u003c');
}

export function usePageMeta(meta: PageMeta): void {
  const key = JSON.stringify(meta);
  useEffect(() => {
    applyPageMeta(JSON.parse(key) as PageMeta);
  }, [key]);
}

// schema.org blocks for each kind of screen (docs/product.md, Routes and layout: website, software application, blog, blog posting,
// web page). Pure builders so the JSON-LD is tested without a browser.
const CONTEXT = 'https://schema.org';

export type StructuredData = Record<string, unknown>;

export function websiteData(input: { name: string; url: string; description: string }): StructuredData {
  return { '@context': CONTEXT, '@type': 'WebSite', name: input.name, url: input.url, description: input.description };
}

export function softwareApplicationData(input: { name: string; url: string; description: string }): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'SoftwareApplication',
    name: input.name,
    url: input.url,
    description: input.description,
    applicationCategory: 'Productivity',
    operatingSystem: 'Web',
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
  };
}

export function blogData(input: { name: string; url: string; description: string }): StructuredData {
  return { '@context': CONTEXT, '@type': 'Blog', name: input.name, url: input.url, description: input.description };
}

export function blogPostingData(input: {
  headline: string;
  url: string;
  description: string;
  authorName: string;
  datePublished?: string;
  dateModified?: string;
  image?: string | null;
}): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: input.headline,
    url: input.url,
    description: input.description,
    author: { '@type': 'Person', name: input.authorName },
    ...(input.datePublished ? { datePublished: input.datePublished, dateModified: input.dateModified ?? input.datePublished } : {}),
    ...(input.image ? { image: input.image } : {}),
  };
}

/** The text of an HTML fragment, whitespace collapsed; used for descriptions of HTML content. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, '\'')
    .replace(/\s+/g, ' ')
    .trim();
}

export const WEB_PAGE_DESCRIPTION_LENGTH = 150;

/**
 * A web page whose description is the first 150 characters of its content (docs/product.md, Routes and layout);
 * without a url for a page that has no address of its own (a post that does not exist).
 */
export function webPageData(input: { name: string; url: string | null; content: string }): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'WebPage',
    name: input.name,
    ...(input.url === null ? {} : { url: input.url }),
    description: plainText(input.content).slice(0, WEB_PAGE_DESCRIPTION_LENGTH),
  };
}

import { safeHref } from '@grove/domain/workspace/block-html';

// Which links a page may hold: the block HTML rules' allow-list (web and mail addresses, links within this site),
// so a link the editor accepts is one a reload keeps.

export function isAllowedLinkHref(href: string): boolean {
  return safeHref(href) !== null;
}

/** What the link field's text becomes: 'example.com' → 'https://example.com'; null when it cannot be a link. */
export function normaliseLinkInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  if (isAllowedLinkHref(trimmed)) return safeHref(trimmed);
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(trimmed)) return `mailto:${trimmed}`;
  return /^[^/]+\.[^/]+/.test(trimmed) ? `https://${trimmed}` : null;
}

// Which links a page may hold: web and mail addresses, and links within this site. The block HTML rules in the
// domain keep the same set, so a link the editor accepts survives a reload.

const ALLOWED = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

export function isAllowedLinkHref(href: string): boolean {
  return ALLOWED.test(href.trim());
}

/** What the link field's text becomes: 'example.com' → 'https://example.com'; null when it cannot be a link. */
export function normaliseLinkInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  if (isAllowedLinkHref(trimmed)) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(trimmed)) return `mailto:${trimmed}`;
  return /^[^/]+\.[^/]+/.test(trimmed) ? `https://${trimmed}` : null;
}

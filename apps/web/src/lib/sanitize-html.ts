// The browser's own allowlist for blog and static-page HTML (docs/product.md, Admin security: sanitised when
// written and again when rendered). The server already cleans every read and change event; this is the second
// line, so a row written around the API, or a proxy in between, cannot run script on the page. The lists match
// the server's allowlist (apps/server/src/http/sanitize.ts): text structure, links and images only.

const ALLOWED_TAGS = new Set([
  'P', 'BR', 'HR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'CODE',
  'UL', 'OL', 'LI', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'DEL', 'SUB', 'SUP', 'MARK', 'SMALL',
  'A', 'IMG', 'FIGURE', 'FIGCAPTION', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'SPAN',
]);

/** Elements dropped with everything inside them (their text is not content). */
const DROPPED_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT', 'SVG', 'MATH', 'TEXTAREA', 'SELECT']);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  A: ['href', 'title', 'target', 'rel'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
};

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Whether a URL may stay: links http(s) and mailto, images https or this site's uploads; relative links are this site's. */
function allowedUrl(value: string, tag: string): boolean {
  const trimmed = value.trim();
  if (trimmed.startsWith('//')) return false;
  let url: URL;
  try {
    url = new URL(trimmed, 'https://relative.invalid/');
  } catch {
    return false;
  }
  const relative = url.origin === 'https://relative.invalid';
  if (tag === 'IMG') return relative ? trimmed.startsWith('/storage/') : url.protocol === 'https:';
  return relative || LINK_SCHEMES.has(url.protocol);
}

function cleanAttributes(element: Element): void {
  const allowed = ALLOWED_ATTRIBUTES[element.tagName] ?? [];
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    const keep = allowed.includes(name) && ((name !== 'href' && name !== 'src') || allowedUrl(attribute.value, element.tagName));
    if (!keep) element.removeAttribute(attribute.name);
  }
  if (element.tagName === 'A') {
    // A new tab never gets the opener; any other target would name a window that does.
    if (element.getAttribute('target')?.toLowerCase() === '_blank') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    } else element.removeAttribute('target');
  }
}

function cleanChildren(parent: Node): void {
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (ALLOWED_TAGS.has(tag)) cleanAttributes(element);
    else element.replaceWith(...element.childNodes);
  }
}

/** HTML reduced to the allowlist. Parsed into an inert document (no script runs, no image loads while cleaning). */
export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(document.body);
  return document.body.innerHTML.trim();
}

import { isAllowedLinkHref } from './link-href.ts';

// Pasted HTML before the editor reads it. The editor's schema already keeps only its own nodes and marks, but it
// reads the HTML into a detached document first, where the browser still looks at an `onerror` (Chromium reports it
// against the page's CSP). This pass parses it into a template's inert content (no script, no loading, no events)
// and removes what could act: scripting elements,
// images and media, event-handler attributes, styles, and links the pages do not allow. Structure stays for the
// schema to map (headings, paragraphs, list items with checkboxes, our own data-* attributes).

const DROPPED = 'script, style, template, iframe, object, embed, noscript, svg, math, img, picture, video, audio, source, link, meta, base, form, button, select, textarea';

export function cleanPastedHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const element of content.querySelectorAll(DROPPED)) element.remove();
  for (const element of content.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcset' || name === 'src' || name === 'action' || name === 'formaction') {
        element.removeAttribute(attribute.name);
      }
    }
    const href = element.getAttribute('href');
    if (href !== null && !isAllowedLinkHref(href)) element.removeAttribute('href');
  }
  return template.innerHTML;
}

import type { Plugin } from 'vite';

/** The public pages' template (decision 075): its script, apps/web/public-page.html's own. */
export const PUBLIC_PAGE_HTML = 'public-page.html';

/**
 * The public page's script at low priority: the page is all there in the HTML, so its enhancements must not compete
 * with the stylesheet and the font for the connection before the first paint (Chromium fetches a module script in
 * the head at high priority, and Lighthouse counts such a script as render-blocking).
 */
export function lowPriorityScript(html: string): string {
  return html.replace(/<script type="module" crossorigin src=/g, '<script type="module" fetchpriority="low" crossorigin src=');
}

export function publicPage(): Plugin {
  return {
    name: 'grove-public-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { filename }) => (filename.endsWith(PUBLIC_PAGE_HTML) ? lowPriorityScript(html) : html),
    },
  };
}

// The texts the public pages' scripts show (decision 075). The server writes them into each rendered page as JSON
// (entry-server.tsx, from the i18n files), so the browser loads no i18n library and every string still comes from
// locales/en/*.json. Templates keep their {{name}} placeholders; a plural key brings its _one and _other forms.

/** The element that carries them (a `<script type="application/json">`). */
export const PUBLIC_STRINGS_ID = 'grove-public-strings';

export const PUBLIC_STRING_KEYS = [
  'header.openApp',
  'site.blog.loadMore',
  'site.blog.loadingMore',
  'site.blog.error',
  'site.blog.postCount_one',
  'site.blog.postCount_other',
  'site.post.updated',
  'site.page.updated',
  'toast.region',
  'toast.close',
  'pwa.updateAvailable',
  'pwa.updateDescription',
  'pwa.reload',
] as const;

export type PublicStringKey = (typeof PUBLIC_STRING_KEYS)[number];
export type PublicStrings = Record<PublicStringKey, string>;

let strings: Partial<PublicStrings> | undefined;

/** The page's texts; a key the page lacks reads as '' (a page always carries all of them). */
export function text(key: PublicStringKey, values: Record<string, string | number> = {}): string {
  if (strings === undefined) {
    try {
      strings = JSON.parse(document.getElementById(PUBLIC_STRINGS_ID)?.textContent ?? '{}') as Partial<PublicStrings>;
    } catch {
      strings = {};
    }
  }
  return fill(strings[key] ?? '', values);
}

/** A template's {{name}} placeholders replaced by `values` (i18next's syntax; an unknown name is left as it is). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** For tests: forget the texts read, so the next call reads the page again. */
export function resetStrings(): void {
  strings = undefined;
}

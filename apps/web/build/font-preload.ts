import type { HtmlTagDescriptor, Plugin } from 'vite';

/** Our cut of Inter (build/inter-subset.ts) that src/styles.css's first @font-face names: every page's text is set in it. */
export const PRELOADED_FONT = 'inter-latin-wght400-900.woff2';

/** What the preload needs of a file in Vite's output bundle (a chunk has no originalFileNames). */
interface BuiltFile {
  type: 'asset' | 'chunk';
  fileName: string;
  originalFileNames?: readonly string[];
}

/**
 * The preload tag for the hashed upright Inter file of a build. crossorigin: fonts are always fetched in CORS
 * mode, and a preload without it would not be used (the browser would fetch the file twice). A build without the
 * file throws rather than ship a preload of nothing.
 */
export function fontPreloadTag(bundle: Readonly<Record<string, BuiltFile>>, base: string): HtmlTagDescriptor {
  const font = Object.values(bundle).find((file) => file.type === 'asset'
    && file.originalFileNames?.some((name) => name.endsWith(`/${PRELOADED_FONT}`)));
  if (!font) throw new Error(`The build has no ${PRELOADED_FONT} to preload: check the @font-face rules in src/styles.css.`);
  return {
    tag: 'link',
    attrs: { rel: 'preload', href: `${base}${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: true },
    injectTo: 'head',
  };
}

/**
 * Adds the font's preload to the built index.html (decision 057), so the browser fetches it beside the CSS instead
 * of after it. The server renders the public pages into that index.html, so they carry it too.
 */
export function fontPreload(): Plugin {
  let base = '/';
  return {
    name: 'grove-font-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => (bundle ? [fontPreloadTag(bundle, base)] : undefined),
    },
  };
}

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { subset } from '@web-alchemy/fonttools';
import { DEFAULT_PAGE_ICON } from '@grove/domain/workspace/model';
import { SUGGESTED_PAGE_ICONS } from '../src/components/suggested-page-icons.ts';

// Grove's own colour emoji file for the page icons it offers (decision 074): cut from the COLRv1 Noto Color Emoji
// that Fontsource ships whole (5.8 MB, which also carries an SVG table Chromium cannot draw), keeping only those
// icons, their colour tables (COLR, CPAL) and layout, without the SVG table: 30 KB. HarfBuzz's WebAssembly
// subsetter (subset-font, used for Inter) drops COLR, so this runs fontTools' pyftsubset in Pyodide
// (@web-alchemy/fonttools, no Python needed); it takes half a minute. The cut is committed (the build needs no
// font tools); `npm run font:emoji` writes it again, byte for byte, after SUGGESTED_PAGE_ICONS changes.

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
/** Where the cut lives; src/components/page-icon.css's "Grove Icon Emoji" face names it. */
export const EMOJI_FILE = join(here, '../src/assets/fonts/noto-color-emoji-page-icons.woff2');
/** The stylesheet that declares the emoji faces. */
export const PAGE_ICON_CSS = join(here, '../src/components/page-icon.css');
const SOURCE_FILE = require.resolve('@fontsource/noto-color-emoji/files/noto-color-emoji-emoji-400-normal.woff2');

/** Every icon the cut must draw: the picker's and the default page icon. */
export const PAGE_ICON_TEXT = [DEFAULT_PAGE_ICON, ...SUGGESTED_PAGE_ICONS.map(([emoji]) => emoji)].join('');

/** The code points of `text`, each once, in order. */
export function codePointsOf(text: string): number[] {
  return [...new Set([...text].map((character) => character.codePointAt(0) ?? 0))].sort((a, b) => a - b);
}

/** A CSS unicode-range naming exactly the code points of `text` ("U+2600, U+1F4C4-1F4C5, …"). */
export function unicodeRangeOf(text: string): string {
  const parts: string[] = [];
  const points = codePointsOf(text);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  for (let start = 0; start < points.length;) {
    let end = start;
    while (points[end + 1] === (points[end] ?? 0) + 1) end += 1;
    parts.push(start === end ? `U+${hex(points[start] ?? 0)}` : `U+${hex(points[start] ?? 0)}-${hex(points[end] ?? 0)}`);
    start = end + 1;
  }
  return parts.join(', ');
}

export interface FontFace {
  family: string;
  /** The url() of its src, as written. */
  url: string;
  unicodeRange: string;
}

/** The @font-face rules of a stylesheet: family, the url() of the src and the unicode-range, in order. */
export function fontFacesOf(css: string): FontFace[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => {
    const family = /font-family:\s*["']?([^"';]+)["']?\s*;/.exec(body)?.[1];
    const url = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(body)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.trim();
    if (!family || !url || !unicodeRange) throw new Error(`An @font-face without a family, url or unicode-range: ${body.trim()}`);
    return { family, url, unicodeRange };
  });
}

/** A unicode-range without its parts below U+0100 (digits, #, *, ©, ®: they stay in the text font), upper case. */
export function withoutLatin1(unicodeRange: string): string {
  return unicodeRange.split(',').map((part) => part.trim().toUpperCase())
    .filter((part) => Number.parseInt(part.replace(/^U\+/, '').split('-').at(-1) ?? '0', 16) > 0xff)
    .join(', ');
}

/** The cut, from Fontsource's whole font: the icons' code points, every layout feature, no SVG table. */
export async function subsetEmoji(): Promise<Buffer> {
  const unicodes = codePointsOf(PAGE_ICON_TEXT).map((point) => point.toString(16)).join(',');
  const font = await subset(readFileSync(SOURCE_FILE), { unicodes, 'layout-features': '*', 'drop-tables+': 'SVG', flavor: 'woff2' });
  return Buffer.from(font);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const font = await subsetEmoji();
  writeFileSync(EMOJI_FILE, font);
  console.info(`${EMOJI_FILE}: ${font.length} bytes (from ${readFileSync(SOURCE_FILE).length})`);
}

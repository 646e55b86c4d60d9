import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { PRELOADED_FONT } from './font-preload.ts';

// The Inter file every page loads (decision 057) is ours, cut from Fontsource's Latin variable file: the weight
// axis narrowed to the weights Grove sets (400-900 of 100-900), every character and OpenType feature kept, so text
// draws as it did in the whole file, for two thirds of the bytes. The cut is committed (the build needs no font
// tools); `npm run font:subset` writes it again, and a test fails when the committed file is not what it writes.

const here = dirname(fileURLToPath(import.meta.url));
/** Where the cut lives; src/styles.css's first @font-face names it. */
export const INTER_FILE = join(here, '../src/assets/fonts', PRELOADED_FONT);
const SOURCE_FILE = createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
const STYLES_FILE = join(here, '../src/styles.css');
/** The lightest and boldest weights the app or a post can ask for (`strong` inside bold text is 900). */
export const INTER_WEIGHTS = { min: 400, max: 900 } as const;

/** Every character a CSS unicode-range ("U+0000-00FF, U+0131, …") names, as one string. */
export function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match?.[1]) throw new Error(`Not a unicode-range part: "${part.trim()}"`);
    const first = Number.parseInt(match[1], 16);
    const last = match[2] ? Number.parseInt(match[2], 16) : first;
    for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

/** The unicode-range of the @font-face in `css` whose src is the cut: the characters it must hold. */
export function interUnicodeRange(css: string): string {
  const face = css.split('@font-face').find((rule) => rule.includes(PRELOADED_FONT));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!range) throw new Error(`No @font-face with ${PRELOADED_FONT} and a unicode-range in src/styles.css`);
  return range;
}

/** The cut, from Fontsource's file and the unicode-range in src/styles.css (the same bytes every time). */
export async function subsetInter(): Promise<Buffer> {
  const characters = charactersOf(interUnicodeRange(readFileSync(STYLES_FILE, 'utf8')));
  return subsetFont(readFileSync(SOURCE_FILE), characters, { targetFormat: 'woff2', variationAxes: { wght: INTER_WEIGHTS } });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const font = await subsetInter();
  writeFileSync(INTER_FILE, font);
  console.info(`${INTER_FILE}: ${font.length} bytes (from ${readFileSync(SOURCE_FILE).length})`);
}

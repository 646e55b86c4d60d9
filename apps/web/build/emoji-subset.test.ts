import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontverter from 'fontverter';
import { describe, expect, it } from 'vitest';
import { codePointsOf, EMOJI_FILE, fontFacesOf, PAGE_ICON_CSS, PAGE_ICON_TEXT, unicodeRangeOf, withoutLatin1 } from './emoji-subset.ts';

/** The table tags of an OpenType file and the code points its cmap maps (formats 4 and 12, the ones fonts use). */
function readFont(sfnt: Buffer): { tables: string[]; codePoints: Set<number> } {
  const tables = new Map<string, number>();
  for (let index = 0; index < sfnt.readUInt16BE(4); index += 1) {
    const record = 12 + 16 * index;
    tables.set(sfnt.toString('latin1', record, record + 4), sfnt.readUInt32BE(record + 8));
  }
  const cmap = tables.get('cmap') ?? 0;
  const codePoints = new Set<number>();
  for (let index = 0; index < sfnt.readUInt16BE(cmap + 2); index += 1) {
    const table = cmap + sfnt.readUInt32BE(cmap + 4 + 8 * index + 4);
    const format = sfnt.readUInt16BE(table);
    if (format === 12) {
      for (let group = 0; group < sfnt.readUInt32BE(table + 12); group += 1) {
        const at = table + 16 + 12 * group;
        for (let point = sfnt.readUInt32BE(at); point <= sfnt.readUInt32BE(at + 4); point += 1) codePoints.add(point);
      }
    } else if (format === 4) {
      const segments = sfnt.readUInt16BE(table + 6) / 2;
      for (let segment = 0; segment < segments; segment += 1) {
        const end = sfnt.readUInt16BE(table + 14 + 2 * segment);
        const start = sfnt.readUInt16BE(table + 16 + 2 * segments + 2 * segment);
        for (let point = start; point <= end && point !== 0xffff; point += 1) codePoints.add(point);
      }
    }
  }
  return { tables: [...tables.keys()].sort(), codePoints };
}

describe('the page icons\' emoji font', () => {
  it('names the code points of a text as a unicode-range, runs of neighbours as spans', () => {
    expect(codePointsOf('📅📄📄')).toEqual([0x1f4c4, 0x1f4c5]);
    expect(unicodeRangeOf('☀️📄📅📊')).toBe('U+2600, U+FE0F, U+1F4C4-1F4C5, U+1F4CA');
    expect(unicodeRangeOf('A')).toBe('U+0041');
  });

  it('reads the family, file and unicode-range of each @font-face', () => {
    const css = '@font-face {\n  font-family: "Grove Emoji";\n  src: local("X"), url("./a.woff2") format("woff2");\n  unicode-range: U+23, U+1f600;\n}\n.x { color: red; }';
    expect(fontFacesOf(css)).toEqual([{ family: 'Grove Emoji', url: './a.woff2', unicodeRange: 'U+23, U+1f600' }]);
    expect(() => fontFacesOf('@font-face { font-family: X; }')).toThrow(/without a family, url or unicode-range/);
  });

  it('leaves the digits and Latin-1 signs of a unicode-range to the text font', () => {
    expect(withoutLatin1('U+23, U+2a, U+30-39, U+a9, U+ae, U+200d, U+1f170-1f171')).toBe('U+200D, U+1F170-1F171');
  });

  it('gives the cut exactly the characters of the offered icons and the default one', () => {
    const faces = fontFacesOf(readFileSync(PAGE_ICON_CSS, 'utf8')).filter((face) => face.family === 'Grove Icon Emoji');
    expect(faces).toEqual([{
      family: 'Grove Icon Emoji',
      url: '../assets/fonts/noto-color-emoji-page-icons.woff2',
      unicodeRange: unicodeRangeOf(PAGE_ICON_TEXT),
    }]);
  });

  it('declares every other emoji as the package\'s COLRv1 slices, file for file, without Latin-1', () => {
    const require = createRequire(import.meta.url);
    const slices = fontFacesOf(readFileSync(require.resolve('@infolektuell/noto-color-emoji/index.css'), 'utf8'));
    const ours = fontFacesOf(readFileSync(PAGE_ICON_CSS, 'utf8')).filter((face) => face.family === 'Grove Emoji');
    expect(slices).toHaveLength(11);
    expect(ours).toEqual(slices.map((slice) => ({
      family: 'Grove Emoji',
      url: slice.url.replace('./', '@infolektuell/noto-color-emoji/'),
      unicodeRange: withoutLatin1(slice.unicodeRange),
    })));
  });

  it('is committed holding every offered icon in COLRv1 colour, without the SVG table Chromium cannot draw', async () => {
    const committed = readFileSync(EMOJI_FILE);
    expect(committed.subarray(0, 4).toString('latin1'), 'run npm run font:emoji and commit the file').toBe('wOF2');
    const font = readFont(await fontverter.convert(committed, 'sfnt'));
    expect(font.tables).toEqual(expect.arrayContaining(['COLR', 'CPAL', 'GSUB', 'cmap', 'glyf']));
    expect(font.tables).not.toContain('SVG ');
    // U+FE0F, the emoji presentation selector, is named in the face's range but is not a glyph of its own.
    const missing = codePointsOf(PAGE_ICON_TEXT).filter((point) => point !== 0xfe0f && !font.codePoints.has(point));
    expect(missing.map((point) => String.fromCodePoint(point))).toEqual([]);
    expect(committed.length).toBeLessThan(40 * 1024);
  });
});

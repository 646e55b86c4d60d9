import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { charactersOf, INTER_FILE, interUnicodeRange, subsetInter } from './inter-subset.ts';

describe('our cut of Inter', () => {
  it('reads every character of a unicode-range, single code points and spans', () => {
    expect(charactersOf('U+0041-0043, U+00e9,U+2192')).toBe('ABCé→');
    expect(charactersOf('U+1F600')).toBe('😀');
    expect(() => charactersOf('U+0041, latin')).toThrow(/Not a unicode-range part: "latin"/);
  });

  it('takes its characters from the unicode-range of the @font-face that names it', () => {
    const css = '@font-face { src: url("other.woff2"); unicode-range: U+0400-04FF; }\n'
      + '@font-face { src: url("./assets/fonts/inter-latin-wght400-900.woff2"); unicode-range: U+0000-00FF, U+20AC; }';
    expect(interUnicodeRange(css)).toBe('U+0000-00FF, U+20AC');
    expect(() => interUnicodeRange('@font-face { src: url("other.woff2"); }')).toThrow(/No @font-face with inter-latin-wght400-900\.woff2/);
  });

  it('is committed as `npm run font:subset` writes it from src/styles.css', async () => {
    const committed = readFileSync(INTER_FILE);
    expect(committed.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(Buffer.compare(committed, await subsetInter()), 'run npm run font:subset and commit the file').toBe(0);
  });
});

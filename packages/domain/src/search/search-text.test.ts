import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldWord, highlightParts, searchWords, snippet } from './search-text.ts';

describe('search text', () => {
  it('folds case and accents, in any script', () => {
    expect(foldWord('Élan')).toBe('elan');
    expect(foldWord('CAFÉ')).toBe('cafe');
    expect(foldWord('Straße')).toBe('straße');
    expect(foldWord('Ångström')).toBe('angstrom');
    expect(searchWords('Plan: café-menu, v2 (draft)… 日本語')).toEqual(['Plan', 'café', 'menu', 'v2', 'draft', '日本語']);
    // A decomposed accent stays in its word.
    expect(searchWords('cafe\u0301 au lait')).toEqual(['cafe\u0301', 'au', 'lait']);
  });

  it('marks every word whose folded form matched, where it stands', () => {
    expect(highlightParts('Water the Café plants; café ok', new Set(['cafe']))).toEqual([
      { text: 'Water the ', match: false }, { text: 'Café', match: true }, { text: ' plants; ', match: false },
      { text: 'café', match: true }, { text: ' ok', match: false },
    ]);
    expect(highlightParts('nothing here', new Set(['else']))).toEqual([{ text: 'nothing here', match: false }]);
    expect(highlightParts('', new Set(['x']))).toEqual([{ text: '', match: false }]);
  });

  it('loses and adds nothing when it highlights (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.array(fc.string()), (text, words) => {
      const parts = highlightParts(text, new Set(words.map(foldWord)));
      expect(parts.map((part) => part.text).join('')).toBe(text);
      for (const part of parts.filter((each) => each.match)) expect(words.map(foldWord)).toContain(foldWord(part.text));
    }));
  });

  it('cuts a snippet around the first match, at word boundaries, with ellipses', () => {
    const text = `${'alpha '.repeat(30)}the Garden grows\n\nbeta ${'gamma '.repeat(30)}`;
    const cut = snippet(text, new Set(['garden']), 20);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('the Garden grows beta');
    expect(cut.replace(/…/g, '').trim().split(' ').every((word) => ['alpha', 'the', 'Garden', 'grows', 'beta', 'gamma'].includes(word))).toBe(true);
    expect(snippet('Short text', new Set(['missing']))).toBe('Short text');
    expect(snippet(`Garden ${'x '.repeat(100)}`, new Set(['garden']), 10)).toBe('Garden x x x x x…');
  });

  it('always contains its first matched word (property)', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 60 }), fc.nat(), (words, pick) => {
      const wanted = words[pick % words.length]!;
      const cut = snippet(words.join(' '), new Set([wanted]), 15);
      expect(searchWords(cut)).toContain(wanted);
    }));
  });
});

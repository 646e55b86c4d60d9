import { XMLParser, XMLValidator } from 'fast-xml-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml-escape.ts';

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML cannot carry and keeps tab, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFF')).toBe('abcdefgh');
    expect(escapeXml('lone \uD800 high, lone \uDC00 low')).toBe('lone  high, lone  low');
    // Two lone halves around a dropped control character never join into a character of their own.
    expect(escapeXml('\uD83D\u0001\uDE00')).toBe('');
    expect(escapeXml('tab\there\nline\r\nend 😀 é')).toBe('tab\there\nline\r\nend 😀 é');
  });

  it('gives well-formed XML that reads back as the text without the characters XML cannot carry (property)', () => {
    const parser = new XMLParser({ processEntities: true, trimValues: false, parseTagValue: false });
    const unit = fc.oneof(
      fc.constantFrom('<', '>', '&', '"', '\'', '\u0000', '\u0001', '\u001F', '\t', '\n', '\uD800', '\uDC00', '\uFFFE', '😀', 'é', '&amp;'),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
    );
    const allowed = (char: string) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
      return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
    };
    fc.assert(fc.property(fc.array(unit, { maxLength: 30 }).map((parts) => parts.join('')), (text) => {
      const xml = `<r a="${escapeXml(text)}"><t>${escapeXml(text)}</t></r>`;
      expect(XMLValidator.validate(xml)).toBe(true);
      const parsed = parser.parse(xml) as { r: { t: string } };
      // Array.from splits by code point, so a lone surrogate is one element of its own.
      expect(parsed.r.t || '').toBe(Array.from(text).filter(allowed).join(''));
    }), { seed: 20261125 });
  });
});

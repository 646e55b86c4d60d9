import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, escapeHtml, postHtmlToText, postTextToHtml } from './post-text.ts';

describe('postTextToHtml', () => {
  it('makes each non-blank line a paragraph, trimmed; blank lines only separate', () => {
    expect(postTextToHtml('First line\n\n  Second line  \r\n\r\n\nThird')).toBe('<p>First line</p>\n<p>Second line</p>\n<p>Third</p>');
    expect(postTextToHtml('One\nTwo')).toBe('<p>One</p>\n<p>Two</p>');
    expect(postTextToHtml('   \n\t\n')).toBe('');
  });

  it('escapes markup, so typed text never becomes HTML', () => {
    expect(postTextToHtml('<script>alert("x")</script> & \'you\'')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;you&#39;</p>');
  });
});

describe('postHtmlToText', () => {
  it('turns paragraphs back into blank-line-separated text, decoding entities', () => {
    expect(postHtmlToText('<p>First line</p>\n<p>Tom &amp; Jerry &lt;3</p>')).toBe('First line\n\nTom & Jerry <3');
  });

  it('keeps every word of richer HTML, one block per line', () => {
    const html = '<h2>Start small</h2><p>Pick <strong>one</strong> task.<br>Then another.</p><ul><li>Write</li><li>Answer</li></ul>';
    expect(postHtmlToText(html)).toBe('Start small\n\nPick one task.\n\nThen another.\n\nWrite\n\nAnswer');
  });

  it('is empty for empty or markup-only content', () => {
    expect(postHtmlToText('')).toBe('');
    expect(postHtmlToText('<p></p><p>  </p>')).toBe('');
  });
});

describe('entities', () => {
  it('decodes named and numeric references and leaves unknown or invalid ones as written', () => {
    expect(decodeHtmlEntities('&amp;&lt;&gt;&quot;&apos;&nbsp;&#233;&#x1F600;')).toBe('&<>"\' é😀');
    expect(decodeHtmlEntities('&bogus; &#xD800; &#0;')).toBe('&bogus; &#xD800; &#0;');
  });

  it('escapeHtml and decodeHtmlEntities are inverse on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
      expect(decodeHtmlEntities(escapeHtml(text))).toBe(text);
    }));
  });
});

describe('the editor round trip (properties)', () => {
  const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '<', '>', '&', ';', '"', '\'', 'é', '😀', '#'), maxLength: 20 });
  const text = fc.array(fc.oneof(line, fc.constant('')), { maxLength: 8 }).map((lines) => lines.join('\n'));

  it('text → HTML → text gives the non-blank lines, trimmed, separated by a blank line', () => {
    fc.assert(fc.property(text, (input) => {
      const expected = input.split('\n').map((entry) => entry.replace(/\s+/g, ' ').trim()).filter((entry) => entry !== '').join('\n\n');
      expect(postHtmlToText(postTextToHtml(input))).toBe(expected);
    }));
  });

  it('saving what the editor shows, unchanged, shows the same text again', () => {
    fc.assert(fc.property(text, (input) => {
      const shown = postHtmlToText(postTextToHtml(input));
      expect(postHtmlToText(postTextToHtml(shown))).toBe(shown);
    }));
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (docs/product.md, Admin security: sanitised again when rendered)', () => {
  it('keeps the article structure', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com" title="x">a link</a>.</p>'
      + '<ul><li>one</li></ul><pre><code>const a = 1;</code></pre>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, styles, frames and their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.test"></iframe>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>b</p><svg><script>alert(1)</script></svg>')).toBe('<p>b</p>');
  });

  it('drops event handlers and unknown attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x">a</p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<img src="https://x.test/a.png" onerror="alert(1)" alt="A">')).toBe('<img src="https://x.test/a.png" alt="A">');
  });

  it('drops javascript:, data: and protocol-relative URLs; keeps http(s), mailto and this site\'s paths', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img>');
    expect(sanitizeHtml('<img src="http://x.test/a.png">')).toBe('<img>');
    expect(sanitizeHtml('<a href="//evil.test">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="mailto:hi@grove.test">x</a><a href="/blog">y</a>')).toBe('<a href="mailto:hi@grove.test">x</a><a href="/blog">y</a>');
    expect(sanitizeHtml('<img src="/storage/blog_images/1_a.png">')).toBe('<img src="/storage/blog_images/1_a.png">');
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<div><section><p>kept</p></section></div><form><button>b</button></form>')).toBe('<p>kept</p>b');
  });

  it('gives a new-tab link no opener and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_BLANK">x</a>')).toBe('<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="https://x.test" target="other">x</a>')).toBe('<a href="https://x.test">x</a>');
  });

  it('drops comments', () => {
    expect(sanitizeHtml('<p>a<!-- <img src=x onerror=alert(1)> --></p>')).toBe('<p>a</p>');
  });
});

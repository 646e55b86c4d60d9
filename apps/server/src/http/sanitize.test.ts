import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml, sanitizeMemoSize } from './sanitize.ts';

describe('sanitizeContentHtml', () => {
  it('gives the same clean result when it answers from its memo', () => {
    const dirty = '<p onclick="x()">Hi<script>alert(1)</script><img src="https://a.example/i.png" onerror="alert(1)"></p>';
    const first = sanitizeContentHtml(dirty);
    expect(first).toBe('<p>Hi<img src="https://a.example/i.png" /></p>');
    expect(sanitizeContentHtml(dirty)).toBe(first);
    expect(sanitizeContentHtml(first)).toBe(first);
  });

  it('keeps images from https or this site\'s uploads only, as the browser does', () => {
    expect(sanitizeContentHtml('<img src="/storage/blog_images/a.webp" alt="A">')).toBe('<img src="/storage/blog_images/a.webp" alt="A" />');
    expect(sanitizeContentHtml('<img src="https://a.example/i.png">')).toBe('<img src="https://a.example/i.png" />');
    for (const src of ['x', '../x.png', '//evil.example/i.png', 'http://a.example/i.png', 'data:image/png;base64,AAAA', '/blog/x']) {
      expect(sanitizeContentHtml(`<img src="${src}" alt="A">`), src).toBe('<img alt="A" />');
    }
  });

  it('keeps its memo within 512 entries and 4,000,000 characters', () => {
    for (let i = 0; i < 700; i += 1) sanitizeContentHtml(`<p>post ${i}</p>`);
    expect(sanitizeMemoSize().entries).toBe(512);
    const large = `<p>${'x'.repeat(900_000)}</p>`;
    for (let i = 0; i < 5; i += 1) expect(sanitizeContentHtml(`${large}<p>${i}</p>`)).toBe(`${large}<p>${i}</p>`);
    expect(sanitizeMemoSize().chars).toBeLessThanOrEqual(4_000_000);
    // Still right for an input it has dropped.
    expect(sanitizeContentHtml('<p>post 0</p><script>x</script>')).toBe('<p>post 0</p>');
  });
});

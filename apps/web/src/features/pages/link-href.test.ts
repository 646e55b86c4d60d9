import { describe, expect, it } from 'vitest';
import { isAllowedLinkHref, normaliseLinkInput } from './link-href.ts';

describe('link addresses', () => {
  it('allows web, mail and site links only', () => {
    expect(isAllowedLinkHref('https://example.com')).toBe(true);
    expect(isAllowedLinkHref('mailto:a@b.org')).toBe(true);
    expect(isAllowedLinkHref('/notes-and-docs')).toBe(true);
    expect(isAllowedLinkHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkHref('data:text/html,x')).toBe(false);
  });

  it('turns what people type into an address, or refuses it', () => {
    expect(normaliseLinkInput(' example.com/docs ')).toBe('https://example.com/docs');
    expect(normaliseLinkInput('ada@example.org')).toBe('mailto:ada@example.org');
    expect(normaliseLinkInput('https://x.org')).toBe('https://x.org');
    expect(normaliseLinkInput('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkInput('two words')).toBeNull();
    expect(normaliseLinkInput('nodot')).toBeNull();
  });
});

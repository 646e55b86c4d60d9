import { describe, expect, it } from 'vitest';
import { applyPageMeta, documentTitle } from './page-meta.ts';

describe('page meta', () => {
  it('titles a screen "{title} | Grove" unless a full title is given', () => {
    expect(documentTitle({ title: 'Calendar' })).toBe('Calendar | Grove');
    expect(documentTitle({ title: 'x', fullTitle: 'Grove: home' })).toBe('Grove: home');
  });

  it('keeps exactly one description, canonical and JSON-LD element, updated in place', () => {
    applyPageMeta({ title: 'One', description: 'first', path: '/one', structuredData: { '@type': 'WebSite' } });
    applyPageMeta({ title: 'Two', description: 'second', path: '/two', structuredData: { '@type': 'Blog', name: '</script><b>' } });
    expect(document.title).toBe('Two | Grove');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('second');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/two$/);
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).not.toContain('</script>');
    expect(JSON.parse(scripts[0]?.textContent ?? '')).toEqual({ '@type': 'Blog', name: '</script><b>' });
  });
});

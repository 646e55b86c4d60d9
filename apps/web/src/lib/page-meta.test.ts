import { describe, expect, it } from 'vitest';
import { applyPageMeta, documentTitle, pageHeadHtml, pageHeadTags, type PageMeta } from './page-meta.ts';

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

  const post: PageMeta = {
    title: 'Roots & <shoots>', description: 'Say "hi" & grow.', path: '/blog/p1', type: 'article', image: '/storage/blog_images/a.webp', feed: true,
    structuredData: { '@type': 'BlogPosting', headline: '</script>' },
  };

  it('gives link previews their Open Graph and Twitter card tags, with absolute links', () => {
    const tags = Object.fromEntries(pageHeadTags(post, 'https://grove.example').map((tag) => [tag.key, tag.attributes]));
    expect(tags['og:type']).toEqual({ property: 'og:type', content: 'article' });
    expect(tags['og:title']?.content).toBe('Roots & <shoots> | Grove');
    expect(tags['og:url']?.content).toBe('https://grove.example/blog/p1');
    expect(tags['og:image']?.content).toBe('https://grove.example/storage/blog_images/a.webp');
    expect(tags['twitter:card']?.content).toBe('summary_large_image');
    expect(tags.feed).toEqual({ rel: 'alternate', type: 'application/rss+xml', title: 'Grove Blog', href: 'https://grove.example/feed.xml' });

    const plain = Object.fromEntries(pageHeadTags({ ...post, image: null, feed: false, type: undefined }, 'https://grove.example').map((tag) => [tag.key, tag.attributes]));
    expect(plain['og:image']).toBeUndefined();
    expect(plain.feed).toBeUndefined();
    expect(plain['og:type']?.content).toBe('website');
    expect(plain['twitter:card']?.content).toBe('summary');
  });

  it('writes the head as HTML for the server, escaped, each tag marked for the browser to update', () => {
    const html = pageHeadHtml(post, 'https://grove.example');
    expect(html).toContain('<title>Roots &amp; &lt;shoots&gt; | Grove</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; grow." data-page-meta="description">');
    expect(html).toContain('<link rel="canonical" href="https://grove.example/blog/p1" data-page-meta="canonical">');
    expect(html).not.toContain('</script><');
    expect(html).toContain('<script type="application/ld+json" data-page-meta="structured-data">{"@type":"BlogPosting","headline":"\\u003c/script>"}</script>');
  });

  it('asks for the page\'s largest image first in the server\'s head, right after the title, and only when told', () => {
    const html = pageHeadHtml({ ...post, preloadImage: { href: '/storage/blog_images/a "b".webp' } }, 'https://grove.example');
    const lines = html.split('\n').map((line) => line.trim());
    expect(lines[1]).toBe('<link rel="preload" as="image" href="/storage/blog_images/a &quot;b&quot;.webp" fetchpriority="high">');
    // With copies, the preload picks the candidate the img will (imagesrcset and imagesizes).
    const responsive = pageHeadHtml({ ...post, preloadImage: { href: '/a.png', srcSet: '/a.png/w500.webp 500w', sizes: '100vw' } }, 'https://grove.example');
    expect(responsive.split('\n')[1]?.trim())
      .toBe('<link rel="preload" as="image" href="/a.png" imagesrcset="/a.png/w500.webp 500w" imagesizes="100vw" fetchpriority="high">');
    expect(pageHeadHtml(post, 'https://grove.example')).not.toContain('rel="preload"');
    expect(pageHeadHtml({ ...post, preloadImage: null }, 'https://grove.example')).not.toContain('rel="preload"');
  });

  it('gives a page with no address of its own no canonical link or og:url, so its head is the same at any address', () => {
    const missing = { title: 'Post not found', description: 'Gone.', path: null, noIndex: true, structuredData: { '@type': 'WebPage' } };
    const html = pageHeadHtml(missing, 'https://grove.example');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" data-page-meta="robots">');
    document.head.innerHTML = pageHeadHtml(post, window.location.origin);
    applyPageMeta(missing);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
  });

  it('updates the server\'s tags in place and drops those the next screen has not', () => {
    document.head.innerHTML = pageHeadHtml(post, window.location.origin).replace(/<title>[^<]*<\/title>/, '');
    applyPageMeta({ title: 'Blog', description: 'All posts.', path: '/blog', structuredData: { '@type': 'Blog' } });
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Blog | Grove');
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelector('link[rel="alternate"]')).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageVariantUrl, parseImageVariant } from './image-variants.ts';

describe('imageSrcSet', () => {
  it('lists a WebP copy per width for an image uploaded here', () => {
    expect(imageSrcSet('/storage/blog_images/1700000000000_cover.png')).toBe([
      '/storage/blog_images/1700000000000_cover.png/w500.webp 500w',
      '/storage/blog_images/1700000000000_cover.png/w800.webp 800w',
      '/storage/blog_images/1700000000000_cover.png/w1200.webp 1200w',
      '/storage/blog_images/1700000000000_cover.png/w1600.webp 1600w',
    ].join(', '));
  });

  it('leaves external images, GIFs, other buckets and odd paths as they are', () => {
    for (const url of [
      'https://example.com/cover.png', '/storage/blog_images/1_party.GIF', '/storage/other/1_a.png', '/storage/blog_images/',
      '/storage/blog_images/a/b.png', '/storage/blog_images/.hidden.png', '/storage/blog_images/a b.png', '', null, undefined,
    ]) expect(imageSrcSet(url)).toBeUndefined();
  });

  it('never yields a candidate with a space or comma in its URL (which would split the srcset)', () => {
    fc.assert(fc.property(fc.string(), (name) => {
      const srcSet = imageSrcSet(`/storage/blog_images/${name}`);
      if (srcSet === undefined) return;
      const candidates = srcSet.split(', ');
      expect(candidates).toHaveLength(IMAGE_WIDTHS.length);
      for (const candidate of candidates) expect(candidate.split(' ')).toHaveLength(2);
    }));
  });
});

describe('parseImageVariant', () => {
  it('reads back every width imageVariantUrl writes', () => {
    for (const width of IMAGE_WIDTHS) {
      expect(parseImageVariant(imageVariantUrl('/storage/blog_images/a.png', width).split('/').at(-1)!)).toBe(width);
    }
  });

  it('refuses any other width or format, so the server makes a bounded number of copies', () => {
    for (const segment of ['w501.webp', 'w0800.webp', 'w800.png', 'w800.webp.png', '800.webp', 'w80.webp', 'W800.webp', 'w99999.webp', '']) {
      expect(parseImageVariant(segment)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fontPreloadTag } from './font-preload.ts';

const FONT_SOURCE = 'src/assets/fonts/inter-latin-wght400-900.woff2';

describe('font preload', () => {
  it('names the hashed Inter file the build emitted, fetched in CORS mode', () => {
    const tag = fontPreloadTag({
      'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js' },
      'assets/other-font-b2.woff2': { type: 'asset', fileName: 'assets/other-font-b2.woff2', originalFileNames: ['src/assets/fonts/other-font.woff2'] },
      'assets/inter-latin-wght400-900-c3.woff2': { type: 'asset', fileName: 'assets/inter-latin-wght400-900-c3.woff2', originalFileNames: [FONT_SOURCE] },
    }, '/');
    expect(tag).toEqual({
      tag: 'link',
      attrs: { rel: 'preload', href: '/assets/inter-latin-wght400-900-c3.woff2', as: 'font', type: 'font/woff2', crossorigin: true },
      injectTo: 'head',
    });
  });

  it('fails the build when the file is not in it', () => {
    expect(() => fontPreloadTag({ 'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js' } }, '/'))
      .toThrow(/no inter-latin-wght400-900\.woff2 to preload/);
  });
});

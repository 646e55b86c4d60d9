import { describe, expect, it } from 'vitest';
import { fontPreloadTag } from './font-preload.ts';

const FONT_SOURCE = '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

describe('font preload', () => {
  it('names the hashed upright Inter file the build emitted, fetched in CORS mode', () => {
    const tag = fontPreloadTag({
      'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js' },
      'assets/inter-latin-wght-italic-b2.woff2': {
        type: 'asset', fileName: 'assets/inter-latin-wght-italic-b2.woff2', originalFileNames: [FONT_SOURCE.replace('normal', 'italic')],
      },
      'assets/inter-latin-wght-normal-c3.woff2': { type: 'asset', fileName: 'assets/inter-latin-wght-normal-c3.woff2', originalFileNames: [FONT_SOURCE] },
    }, '/');
    expect(tag).toEqual({
      tag: 'link',
      attrs: { rel: 'preload', href: '/assets/inter-latin-wght-normal-c3.woff2', as: 'font', type: 'font/woff2', crossorigin: true },
      injectTo: 'head',
    });
  });

  it('fails the build when the file is not in it', () => {
    expect(() => fontPreloadTag({ 'assets/index-a1.js': { type: 'chunk', fileName: 'assets/index-a1.js' } }, '/'))
      .toThrow(/no inter-latin-wght-normal\.woff2 to preload/);
  });
});

// fontverter 2.0 ships no types; only what support/emoji-fonts.ts uses is declared (apps/web/build has its own).
declare module 'fontverter' {
  const fontverter: {
    /** The font in another container: 'sfnt' (or 'truetype') is the plain OpenType file. */
    convert(font: Uint8Array, format: 'sfnt' | 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
  };
  export default fontverter;
}

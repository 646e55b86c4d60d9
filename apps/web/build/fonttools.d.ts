// @web-alchemy/fonttools 1.4 ships no types; only what build/emoji-subset.ts uses is declared.
declare module '@web-alchemy/fonttools' {
  /** pyftsubset: each option is `--name=value` (true: `--name`); resolves to the subset font's bytes. */
  export function subset(font: Uint8Array, options: Record<string, string | true>): Promise<Uint8Array>;
}

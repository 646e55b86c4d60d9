export function followTheme(_document: Document): void {}

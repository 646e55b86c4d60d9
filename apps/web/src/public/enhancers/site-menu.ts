export function enhanceSiteMenu(_document: Document): void {}

export function enhanceBackButtons(_document: Document): void {}

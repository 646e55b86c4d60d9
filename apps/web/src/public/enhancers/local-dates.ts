export function enhanceLocalDates(_document: Document): void {}

export function enhanceReturningVisitor(_document: Document): void {}

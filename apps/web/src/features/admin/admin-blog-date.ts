// 'MMM d, yyyy' in lists (docs/product.md, Texts, formats and themes), through Intl rather than date-fns so the
// admin tables do not load a date library (bundle budget).
const LIST_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export const listDate = (iso: string): string => LIST_DATE.format(new Date(iso));

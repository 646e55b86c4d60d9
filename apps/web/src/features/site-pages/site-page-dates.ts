import { format } from 'date-fns';

/** docs/product.md, Texts, formats and themes: a full date, as on a post. */
export const lastUpdatedDate = (iso: string): string => format(new Date(iso), 'MMMM d, yyyy');

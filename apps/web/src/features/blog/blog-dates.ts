import { format } from 'date-fns';

// docs/product.md, Texts, formats and themes: 'MMM d, yyyy' in lists, 'MMMM d, yyyy' on a post (local time).
export const listDate = (iso: string): string => format(new Date(iso), 'MMM d, yyyy');
export const postDate = (iso: string): string => format(new Date(iso), 'MMMM d, yyyy');

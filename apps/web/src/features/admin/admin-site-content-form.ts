// The site content editor (docs/product.md, Admin): the page's HTML edited as text, sanitised by the server on save.

/** Content is required: blank (after trimming) is refused. */
export const isPageContentBlank = (text: string): boolean => text.trim() === '';

/** Whether closing would lose an edit; surrounding whitespace is not kept, so it does not count. */
export const isPageContentDirty = (initial: string, current: string): boolean => initial.trim() !== current.trim();

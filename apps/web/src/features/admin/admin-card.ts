/** The card every admin screen draws its panels and tables in. */
export const adminCard = 'rounded-xl border border-border bg-surface shadow-card';

/**
 * An editor dialog's Cancel and Save: pinned to the bottom of the dialog (padding p-5 sm:p-6) while the form scrolls
 * under them, so Save stays in reach on a phone; side by side at every width.
 */
export const editorActions = 'sticky -bottom-5 z-10 -mx-5 -mb-5 mt-6 grid grid-cols-2 gap-2 border-t border-border bg-surface-raised px-5 py-4 '
  + 'sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:flex sm:justify-end sm:px-6';

/** The card every admin screen draws its panels and tables in. */
export const adminCard = 'rounded-xl border border-border bg-surface shadow-card';

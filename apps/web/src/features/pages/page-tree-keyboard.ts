import { firstChildRowIndex, parentRowIndex, type PageTreeRow } from '@grove/domain/pages/page-tree';

// The keyboard model of the WAI-ARIA tree pattern (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/), as a pure
// function of the visible rows, so it is tested without a browser. Which key is which move is the command
// registry's (app-commands.ts `pages.tree.*`, what the shortcut sheet lists): the tree's handler names the move.
// Enter is not here: the row is a link. A printed character moves to the next row whose title starts with it
// (type-ahead).

export const TREE_MOVES = ['previous', 'next', 'first', 'last', 'open', 'close', 'delete'] as const;
export type TreeMove = (typeof TREE_MOVES)[number] | { readonly typed: string };

export type TreeKeyAction =
  | { readonly kind: 'focus'; readonly index: number }
  | { readonly kind: 'expand'; readonly id: string }
  | { readonly kind: 'collapse'; readonly id: string }
  | { readonly kind: 'delete'; readonly id: string };

/** A printed character the tree reads as type-ahead. */
export const isTypeAhead = (key: string): boolean => key.length === 1 && key.trim() !== '';

export function treeKeyAction(rows: readonly PageTreeRow[], index: number, move: TreeMove): TreeKeyAction | null {
  const row = rows[index];
  if (!row) return null;
  const focus = (target: number): TreeKeyAction | null => (target >= 0 && target < rows.length && target !== index ? { kind: 'focus', index: target } : null);
  if (typeof move === 'object') return isTypeAhead(move.typed) ? focus(nextRowStartingWith(rows, index, move.typed)) : null;
  switch (move) {
    case 'next':
      return focus(index + 1);
    case 'previous':
      return focus(index - 1);
    case 'first':
      return focus(0);
    case 'last':
      return focus(rows.length - 1);
    case 'open':
      if (!row.hasChildren) return null;
      return row.expanded ? focus(firstChildRowIndex(rows, index)) : { kind: 'expand', id: row.id };
    case 'close':
      return row.expanded ? { kind: 'collapse', id: row.id } : focus(parentRowIndex(rows, index));
    case 'delete':
      return { kind: 'delete', id: row.id };
  }
}

/** Type-ahead: the next row (after `index`, wrapping round) whose title starts with the character typed. */
function nextRowStartingWith(rows: readonly PageTreeRow[], index: number, character: string): number {
  const wanted = character.toLocaleLowerCase();
  for (let step = 1; step < rows.length; step += 1) {
    const candidate = (index + step) % rows.length;
    if ((rows[candidate] as PageTreeRow).title.toLocaleLowerCase().startsWith(wanted)) return candidate;
  }
  return -1;
}

/** The row to focus once the row at `index` and its subtree are gone: the next row after them, else the one above. */
export function rowAfterDelete(rows: readonly PageTreeRow[], index: number): string | null {
  const row = rows[index];
  if (!row) return null;
  for (let below = index + 1; below < rows.length; below += 1) {
    const candidate = rows[below] as PageTreeRow;
    if (candidate.depth <= row.depth) return candidate.id;
  }
  return rows[index - 1]?.id ?? null;
}

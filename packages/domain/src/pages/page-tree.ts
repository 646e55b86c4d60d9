import type { Page } from '../workspace/model.ts';
import { pageTitle } from './page-commands.ts';

// The page tree as the /notes-and-docs screen shows it (docs/product.md, Notes and docs): the visible rows, in
// order, flat, each with what a WAI-ARIA tree row needs. Siblings keep the stored order of the pages (new pages
// are appended, so this is creation order and never jumps when a title changes). Everything here is one pass
// over the pages, so a tree of thousands of pages costs a few milliseconds.

export interface PageTreeRow {
  readonly id: string;
  /** The parent page's id; null for a root (and for a page whose parent is missing, which shows as a root). */
  readonly parentId: string | null;
  /** pageTitle(): 'Untitled' while the title is blank. */
  readonly title: string;
  readonly icon: string;
  /** 0 for a root page. */
  readonly depth: number;
  readonly hasChildren: boolean;
  /** Only ever true when the page has children. */
  readonly expanded: boolean;
  /** aria-level: depth + 1. */
  readonly level: number;
  /** aria-setsize: how many siblings (this page included). */
  readonly setSize: number;
  /** aria-posinset: 1-based place among its siblings. */
  readonly posInSet: number;
}

/**
 * The pages under each parent id, in stored order. A page whose parent does not exist is listed under null
 * (a root), so no page is ever unreachable; commands never make one, but stored data is not ours to trust.
 */
export function pageChildrenIndex(pages: readonly Page[]): Map<string | null, Page[]> {
  const ids = new Set<string>();
  for (const page of pages) ids.add(page.id);
  const children = new Map<string | null, Page[]>();
  for (const page of pages) {
    const parent = page.parentId !== null && ids.has(page.parentId) && page.parentId !== page.id ? page.parentId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(page);
    else children.set(parent, [page]);
  }
  return children;
}

/** The visible rows, depth first: a page's children follow it only while it is expanded. O(pages). */
export function pageTreeRows(pages: readonly Page[], expandedIds: ReadonlySet<string>): PageTreeRow[] {
  const children = pageChildrenIndex(pages);
  const rows: PageTreeRow[] = [];
  const seen = new Set<string>();
  const visit = (parentId: string | null, depth: number): void => {
    const siblings = children.get(parentId);
    if (!siblings) return;
    const setSize = siblings.length;
    for (let index = 0; index < setSize; index += 1) {
      const page = siblings[index] as Page;
      // A loop in stored data (a page that is its own ancestor) is cut where it closes.
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      const hasChildren = (children.get(page.id)?.length ?? 0) > 0;
      const expanded = hasChildren && expandedIds.has(page.id);
      rows.push({
        id: page.id,
        parentId: depth === 0 ? null : parentId,
        title: pageTitle(page),
        icon: page.icon,
        depth,
        hasChildren,
        expanded,
        level: depth + 1,
        setSize,
        posInSet: index + 1,
      });
      if (expanded) visit(page.id, depth + 1);
    }
  };
  // Recursion depth is the tree's depth, not its size; pages are nested a handful of levels deep.
  visit(null, 0);
  return rows;
}

/** The expanded ids that still name a page; the same set when nothing was dropped (so callers can skip a save). */
export function pruneExpanded(pages: readonly Page[], expanded: ReadonlySet<string>): ReadonlySet<string> {
  if (expanded.size === 0) return expanded;
  const ids = new Set<string>();
  for (const page of pages) ids.add(page.id);
  let missing = false;
  for (const id of expanded) {
    if (!ids.has(id)) {
      missing = true;
      break;
    }
  }
  if (!missing) return expanded;
  return new Set([...expanded].filter((id) => ids.has(id)));
}

/** The index of the row's parent row (always visible above it), or -1 for a root row. */
export function parentRowIndex(rows: readonly PageTreeRow[], index: number): number {
  const row = rows[index];
  if (!row || row.depth === 0) return -1;
  for (let above = index - 1; above >= 0; above -= 1) {
    if ((rows[above] as PageTreeRow).depth < row.depth) return above;
  }
  return -1;
}

/** The index of the row's first child row, or -1 when it is collapsed or has no children. */
export function firstChildRowIndex(rows: readonly PageTreeRow[], index: number): number {
  const row = rows[index];
  const next = rows[index + 1];
  return row?.expanded && next && next.depth === row.depth + 1 ? index + 1 : -1;
}

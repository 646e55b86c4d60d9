import type { Page } from '../workspace/model.ts';

/**
 * The pages above `id`, the root first (a page's breadcrumbs without the page itself). Stops at a missing parent
 * or a page met twice, so damaged data can never loop.
 */
export function pageAncestors(pages: readonly Page[], id: string): Page[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const chain: Page[] = [];
  const seen = new Set<string>([id]);
  let parentId = byId.get(id)?.parentId ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!parent) break;
    seen.add(parentId);
    chain.push(parent);
    parentId = parent.parentId;
  }
  return chain.reverse();
}

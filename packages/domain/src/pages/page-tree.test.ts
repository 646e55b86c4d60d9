import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Page } from '../workspace/model.ts';
import { firstChildRowIndex, pageTreeRows, parentRowIndex, pruneExpanded, type PageTreeRow } from './page-tree.ts';

const page = (id: string, parentId: string | null = null, title = id): Page =>
  ({ id, title, icon: '📄', parentId, createdAt: '2026-03-01T09:00:00.000Z', content: [] });

// root ─ a ─ a1
//      │   └ a2
//      └ b
// other
const PAGES = [page('root'), page('a', 'root'), page('other', null, '   '), page('a1', 'a'), page('b', 'root'), page('a2', 'a')];

const shape = (rows: readonly PageTreeRow[]) => rows.map((row) => `${'  '.repeat(row.depth)}${row.id}`);

describe('pageTreeRows', () => {
  it('shows only the roots, in stored order, while nothing is expanded', () => {
    const rows = pageTreeRows(PAGES, new Set());
    expect(shape(rows)).toEqual(['root', 'other']);
    expect(rows[0]).toEqual({
      id: 'root', parentId: null, title: 'root', icon: '📄', depth: 0, hasChildren: true, expanded: false, level: 1, setSize: 2, posInSet: 1,
    });
    expect(rows[1]).toMatchObject({ title: 'Untitled', hasChildren: false, expanded: false, posInSet: 2 });
  });

  it('puts an expanded page\'s children right under it, indented one level, with their own set size and position', () => {
    const rows = pageTreeRows(PAGES, new Set(['root', 'a']));
    expect(shape(rows)).toEqual(['root', '  a', '    a1', '    a2', '  b', 'other']);
    expect(rows.map((row) => [row.level, row.setSize, row.posInSet]))
      .toEqual([[1, 2, 1], [2, 2, 1], [3, 2, 1], [3, 2, 2], [2, 2, 2], [1, 2, 2]]);
    expect(rows[1]).toMatchObject({ parentId: 'root', expanded: true });
  });

  it('hides the children of a collapsed page even when they are expanded themselves', () => {
    expect(shape(pageTreeRows(PAGES, new Set(['a'])))).toEqual(['root', 'other']);
  });

  it('never marks a page without children expanded', () => {
    const rows = pageTreeRows(PAGES, new Set(['other', 'root']));
    expect(rows.find((row) => row.id === 'other')).toMatchObject({ expanded: false, hasChildren: false });
  });

  it('shows a page whose parent is missing as a root, and cuts a loop instead of running forever', () => {
    const rows = pageTreeRows([page('orphan', 'gone'), page('self', 'self'), page('x', 'y'), page('y', 'x')], new Set(['x', 'y']));
    expect(shape(rows)).toEqual(['orphan', 'self']);
  });
});

describe('keyboard helpers', () => {
  const rows = pageTreeRows(PAGES, new Set(['root', 'a']));
  it('finds the parent row above a row, -1 for a root', () => {
    expect(parentRowIndex(rows, 3)).toBe(1);
    expect(parentRowIndex(rows, 4)).toBe(0);
    expect(parentRowIndex(rows, 0)).toBe(-1);
    expect(parentRowIndex(rows, 99)).toBe(-1);
  });

  it('finds the first child row of an expanded row, -1 otherwise', () => {
    expect(firstChildRowIndex(rows, 0)).toBe(1);
    expect(firstChildRowIndex(rows, 1)).toBe(2);
    expect(firstChildRowIndex(rows, 4)).toBe(-1);
    expect(firstChildRowIndex(pageTreeRows(PAGES, new Set()), 0)).toBe(-1);
  });
});

describe('pruneExpanded', () => {
  it('drops ids of pages that no longer exist and returns the same set when nothing is dropped', () => {
    const kept = new Set(['root', 'a']);
    expect(pruneExpanded(PAGES, kept)).toBe(kept);
    expect([...pruneExpanded(PAGES, new Set(['root', 'gone', 'a']))]).toEqual(['root', 'a']);
  });
});

// A forest in any stored order (children may come before their parents), and any set of expanded ids.
const forestArb = fc.integer({ min: 0, max: 40 }).chain((size) =>
  fc.tuple(
    fc.tuple(...Array.from({ length: size }, (_, index) => (index === 0 ? fc.constant(-1) : fc.integer({ min: -1, max: index - 1 })))),
    fc.shuffledSubarray(Array.from({ length: size }, (_, index) => index), { minLength: size, maxLength: size }),
    fc.subarray(Array.from({ length: size }, (_, index) => `p${index}`)),
  ).map(([parents, order, expanded]) => ({
    pages: order.map((index) => page(`p${index}`, (parents[index] ?? -1) < 0 ? null : `p${parents[index]}`)),
    expanded: new Set(expanded),
  })));

function ancestors(pages: readonly Page[], id: string): string[] {
  const byId = new Map(pages.map((entry) => [entry.id, entry]));
  const chain: string[] = [];
  for (let parent = byId.get(id)?.parentId ?? null; parent !== null; parent = byId.get(parent)?.parentId ?? null) chain.push(parent);
  return chain;
}

describe('pageTreeRows properties', () => {
  it('every visible row\'s ancestors are expanded, and its depth is its number of ancestors', () => {
    fc.assert(fc.property(forestArb, ({ pages, expanded }) => {
      for (const row of pageTreeRows(pages, expanded)) {
        const chain = ancestors(pages, row.id);
        expect(chain.every((id) => expanded.has(id))).toBe(true);
        expect(row.depth).toBe(chain.length);
        expect(row.parentId).toBe(chain[0] ?? null);
      }
    }));
  });

  it('no page appears twice, and with everything expanded every page appears', () => {
    fc.assert(fc.property(forestArb, ({ pages, expanded }) => {
      const rows = pageTreeRows(pages, expanded);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(pageTreeRows(pages, new Set(pages.map((entry) => entry.id)))).toHaveLength(pages.length);
    }));
  });

  it('a collapsed page hides all its descendants; a visible page\'s rows follow its parent\'s', () => {
    fc.assert(fc.property(forestArb, ({ pages, expanded }) => {
      const rows = pageTreeRows(pages, expanded);
      const visible = new Set(rows.map((row) => row.id));
      for (const entry of pages) {
        const chain = ancestors(pages, entry.id);
        expect(visible.has(entry.id)).toBe(chain.every((id) => expanded.has(id)));
      }
      rows.forEach((row, index) => {
        const parent = parentRowIndex(rows, index);
        expect(parent === -1 ? null : rows[parent]?.id).toBe(row.parentId);
        if (row.expanded) expect(rows[firstChildRowIndex(rows, index)]?.parentId).toBe(row.id);
      });
    }));
  });

  it('set sizes and positions number each sibling group 1..n', () => {
    fc.assert(fc.property(forestArb, ({ pages }) => {
      const rows = pageTreeRows(pages, new Set(pages.map((entry) => entry.id)));
      const groups = new Map<string | null, PageTreeRow[]>();
      for (const row of rows) groups.set(row.parentId, [...(groups.get(row.parentId) ?? []), row]);
      for (const group of groups.values()) {
        expect(group.map((row) => row.posInSet)).toEqual(group.map((_, index) => index + 1));
        expect(group.every((row) => row.setSize === group.length)).toBe(true);
      }
    }));
  });
});

describe('pageTreeRows at size', () => {
  // The render budget is bench:pages' to measure (no wall-clock assertion in a test: a busy machine is not a failure).
  it('lays out 2,000 pages eight levels deep, all expanded', () => {
    const pages: Page[] = [];
    for (let index = 0; index < 2000; index += 1) {
      // Chains of eight: every eighth page is a root, the others hang under the page before.
      pages.push(page(`p${index}`, index % 8 === 0 ? null : `p${index - 1}`));
    }
    const expanded = new Set(pages.map((entry) => entry.id));
    const rows = pageTreeRows(pages, expanded);
    expect(rows).toHaveLength(2000);
    expect(Math.max(...rows.map((row) => row.depth))).toBe(7);
  });
});

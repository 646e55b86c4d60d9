import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagesArb } from '../testing/studio-arbitraries.ts';
import type { Page } from '../workspace/model.ts';
import { pageAncestors } from './page-path.ts';

const page = (id: string, parentId: string | null): Page =>
  ({ id, title: id, icon: '📄', parentId, createdAt: '2026-01-01T00:00:00.000Z', content: [] });

describe('pageAncestors', () => {
  it('lists the chain from the root down to the parent', () => {
    const pages = [page('a', null), page('b', 'a'), page('c', 'b'), page('x', null)];
    expect(pageAncestors(pages, 'c').map((p) => p.id)).toEqual(['a', 'b']);
    expect(pageAncestors(pages, 'a')).toEqual([]);
    expect(pageAncestors(pages, 'missing')).toEqual([]);
  });

  it('stops at a missing parent and never loops on a cycle', () => {
    expect(pageAncestors([page('b', 'gone'), page('c', 'b')], 'c').map((p) => p.id)).toEqual(['b']);
    const cycle = [page('a', 'b'), page('b', 'a'), page('c', 'a')];
    expect(pageAncestors(cycle, 'c').map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('every ancestor is the parent of the next one, ending at the page’s parent', () => {
    fc.assert(fc.property(pagesArb, (pages) => {
      for (const target of pages) {
        const chain = pageAncestors(pages, target.id);
        const ids = chain.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        chain.forEach((ancestor, index) => {
          const child = index + 1 < chain.length ? chain[index + 1] : target;
          expect(child?.parentId).toBe(ancestor.id);
        });
      }
    }));
  });
});

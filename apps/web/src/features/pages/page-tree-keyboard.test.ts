import { pageTreeRows } from '@grove/domain/pages/page-tree';
import type { Page } from '@grove/domain/workspace/model';
import { describe, expect, it } from 'vitest';
import { rowAfterDelete, treeKeyAction } from './page-tree-keyboard.ts';

const page = (id: string, parentId: string | null = null): Page =>
  ({ id, title: id, icon: '📄', parentId, createdAt: '2026-03-01T09:00:00.000Z', content: [] });

// guide ─ setup ─ keys     (guide expanded, setup collapsed)
// recipes ─ soup           (collapsed)
// notes
const PAGES = [page('guide'), page('setup', 'guide'), page('keys', 'setup'), page('recipes'), page('soup', 'recipes'), page('notes')];
const rows = pageTreeRows(PAGES, new Set(['guide']));
const at = (id: string) => rows.findIndex((row) => row.id === id);

describe('treeKeyAction (WAI-ARIA tree pattern)', () => {
  it('moves up and down one visible row, and to the first and last with Home and End', () => {
    expect(rows.map((row) => row.id)).toEqual(['guide', 'setup', 'recipes', 'notes']);
    expect(treeKeyAction(rows, 0, 'next')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKeyAction(rows, 2, 'previous')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKeyAction(rows, 2, 'first')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 0, 'last')).toEqual({ kind: 'focus', index: 3 });
    expect(treeKeyAction(rows, 0, 'previous')).toBeNull();
    expect(treeKeyAction(rows, 3, 'next')).toBeNull();
  });

  it('Right expands a collapsed parent, moves into an expanded one, and does nothing on a leaf', () => {
    expect(treeKeyAction(rows, at('setup'), 'open')).toEqual({ kind: 'expand', id: 'setup' });
    expect(treeKeyAction(rows, at('guide'), 'open')).toEqual({ kind: 'focus', index: at('setup') });
    expect(treeKeyAction(rows, at('notes'), 'open')).toBeNull();
  });

  it('Left collapses an expanded row, otherwise moves to the parent; nothing on a collapsed root', () => {
    expect(treeKeyAction(rows, at('guide'), 'close')).toEqual({ kind: 'collapse', id: 'guide' });
    expect(treeKeyAction(rows, at('setup'), 'close')).toEqual({ kind: 'focus', index: at('guide') });
    expect(treeKeyAction(rows, at('recipes'), 'close')).toBeNull();
  });

  it('Delete and Backspace ask to delete the row; other keys and missing rows do nothing', () => {
    expect(treeKeyAction(rows, 1, 'delete')).toEqual({ kind: 'delete', id: 'setup' });
    expect(treeKeyAction(rows, -1, 'next')).toBeNull();
  });
});

describe('type-ahead', () => {
  it('a printed character moves to the next row whose title starts with it, wrapping round; none found, nothing', () => {
    expect(treeKeyAction(rows, 0, { typed: 'r' })).toEqual({ kind: 'focus', index: at('recipes') });
    expect(treeKeyAction(rows, at('notes'), { typed: 'G' })).toEqual({ kind: 'focus', index: at('guide') });
    expect(treeKeyAction(rows, 0, { typed: 'z' })).toBeNull();
    expect(treeKeyAction(rows, 0, { typed: ' ' })).toBeNull();
  });
});

describe('rowAfterDelete', () => {
  it('is the next row after the deleted subtree, else the row above, else none', () => {
    const all = pageTreeRows(PAGES, new Set(['guide', 'setup']));
    expect(rowAfterDelete(all, 0)).toBe('recipes');
    expect(rowAfterDelete(all, all.findIndex((row) => row.id === 'keys'))).toBe('recipes');
    expect(rowAfterDelete(all, all.length - 1)).toBe('recipes');
    expect(rowAfterDelete(pageTreeRows([page('only')], new Set()), 0)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcile } from './write.ts';

/** Applies reconcile's edits to a copy of `current`, recording each. */
function edited(current: readonly string[], target: readonly string[]) {
  const list = [...current];
  const edits: { kind: 'remove' | 'insert'; index: number; count: number }[] = [];
  reconcile(current, target, {
    remove: (index, count) => {
      edits.push({ kind: 'remove', index, count });
      list.splice(index, count);
    },
    insert: (index, ids) => {
      edits.push({ kind: 'insert', index, count: ids.length });
      list.splice(index, 0, ...ids);
    },
  });
  return { list, edits };
}

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');

describe('reconcile', () => {
  it('property: any list, repeated entries included, becomes the target', () => {
    fc.assert(fc.property(fc.array(id, { maxLength: 12 }), fc.uniqueArray(id, { maxLength: 8 }), (current, target) => {
      expect(edited(current, target).list).toEqual(target);
    }), { numRuns: 500 });
  });

  it('property: one entry moved is one removal and one insertion, none before the first entry that differs', () => {
    fc.assert(fc.property(fc.uniqueArray(id, { minLength: 2, maxLength: 8 }), fc.nat(), fc.nat(), (target, from, to) => {
      const current: string[] = [...target];
      const [moved] = current.splice(from % current.length, 1);
      current.splice(to % (current.length + 1), 0, moved as string);
      const { list, edits } = edited(current, target);
      expect(list).toEqual(target);
      expect(edits.length === 0 || edits.length === 2).toBe(true);
      const firstDifference = current.findIndex((entry, index) => entry !== target[index]);
      for (const edit of edits) expect(edit.index).toBeGreaterThanOrEqual(firstDifference);
    }), { numRuns: 300 });
  });

  it('moves one task out of a long column with one removal, and into another with one insertion', () => {
    const ids = Array.from({ length: 1250 }, (_, index) => `task-${index}`);
    expect(edited(ids, ids.filter((entry) => entry !== 'task-600')).edits).toEqual([{ kind: 'remove', index: 600, count: 1 }]);
    expect(edited(ids, [...ids.slice(0, 10), 'new', ...ids.slice(10)]).edits).toEqual([{ kind: 'insert', index: 10, count: 1 }]);
    expect(edited(ids, ids).edits).toEqual([]);
  });

  it('keeps the first of an entry repeated at the start and drops the later one', () => {
    expect(edited(['a', 'b', 'a', 'c'], ['a', 'b', 'c'])).toEqual({ list: ['a', 'b', 'c'], edits: [{ kind: 'remove', index: 2, count: 1 }] });
    expect(edited(['b', 'a', 'b'], ['a', 'b']).list).toEqual(['a', 'b']);
  });
});

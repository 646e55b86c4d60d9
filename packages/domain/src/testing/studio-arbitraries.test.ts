import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataSchema } from '../workspace/model.ts';
import { studioDataArb } from './studio-arbitraries.ts';

describe('studioDataArb', () => {
  it('generates only valid Studio data, so the properties built on it test real data', () => {
    fc.assert(fc.property(studioDataArb, (data) => {
      expect(studioDataSchema.safeParse(data).success).toBe(true);
      const listed = data.kanbanBoard.columns.flatMap((column) => column.itemIds);
      expect(listed.sort()).toEqual(Object.keys(data.kanbanBoard.items).sort());
      expect(data.mindMap.nodes.length).toBeGreaterThan(0);
    }));
  });
});

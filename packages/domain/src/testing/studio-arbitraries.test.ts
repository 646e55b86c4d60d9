import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gamificationSchema, kanbanBoardSchema, kanbanItemSchema, mindMapSchema, projectSchema, studioDataSchema } from '../workspace/model.ts';
import { studioDataArb, studioDataWithUnknownFieldsArb } from './studio-arbitraries.ts';

describe('studioDataArb', () => {
  it('generates only valid Studio data, so the properties built on it test real data', () => {
    fc.assert(fc.property(studioDataArb, (data) => {
      expect(studioDataSchema.safeParse(data).success).toBe(true);
      const listed = data.kanbanBoard.columns.flatMap((column) => column.itemIds);
      expect(listed.sort()).toEqual(Object.keys(data.kanbanBoard.items).sort());
      expect(data.mindMap.nodes.length).toBeGreaterThan(0);
    }));
  });

  it('with unknown fields: still valid, and the objects really carry fields the model does not know', () => {
    const unknownIn = (value: object, schema: { shape: object }) => Object.keys(value).filter((key) => !(key in schema.shape)).length;
    const samples = fc.sample(studioDataWithUnknownFieldsArb, 50);
    const found = samples.map((data) => {
      expect(studioDataSchema.safeParse(data).success).toBe(true);
      return data.projects.reduce((sum, project) => sum + unknownIn(project, projectSchema), 0)
        + Object.values(data.kanbanBoard.items).reduce((sum, item) => sum + unknownIn(item, kanbanItemSchema), 0)
        + unknownIn(data.kanbanBoard, kanbanBoardSchema) + unknownIn(data.mindMap, mindMapSchema)
        + unknownIn(data.gamification, gamificationSchema);
    });
    expect(found.filter((count) => count > 0).length).toBeGreaterThan(25);
  });
});

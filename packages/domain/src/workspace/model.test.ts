import { describe, expect, it } from 'vitest';
import {
  gamificationSchema, gardenEntrySchema, kanbanItemSchema, mindMapNodeSchema, pageSchema, projectSchema, studioDataSchema,
  type Project,
} from './model.ts';

const createdAt = '2024-03-01T10:00:00.000Z';

describe('Studio data model', () => {
  it('reads a kanban item with no priority as medium, and fills description and tags', () => {
    expect(kanbanItemSchema.parse({ id: 'a', content: 'Title' })).toEqual({ id: 'a', content: 'Title', description: '', priority: 'medium', tags: [] });
  });

  it('gives a project the product defaults: active, medium, progress 0, team size 1', () => {
    expect(projectSchema.parse({ id: 'p', name: 'P', createdAt })).toMatchObject({ status: 'active', priority: 'medium', progress: 0, teamSize: 1 });
  });

  it('limits progress to 0-100 and team size to whole numbers from 1', () => {
    const base = { id: 'p', name: 'P', createdAt };
    expect(projectSchema.safeParse({ ...base, progress: 101 }).success).toBe(false);
    expect(projectSchema.safeParse({ ...base, progress: -1 }).success).toBe(false);
    expect(projectSchema.safeParse({ ...base, teamSize: 0 }).success).toBe(false);
    expect(projectSchema.safeParse({ ...base, teamSize: 1.5 }).success).toBe(false);
  });

  it('gives a page the title \'Untitled\', the page emoji and no parent', () => {
    expect(pageSchema.parse({ id: 'p', createdAt })).toEqual({ id: 'p', title: 'Untitled', icon: '📄', parentId: null, createdAt, content: [] });
  });

  it('accepts only customText mind map nodes with numeric positions', () => {
    const node = { id: 'n', position: { x: 1, y: 2 }, data: { label: 'L' } };
    expect(mindMapNodeSchema.parse(node).type).toBe('customText');
    expect(mindMapNodeSchema.safeParse({ ...node, type: 'default' }).success).toBe(false);
    expect(mindMapNodeSchema.safeParse({ ...node, position: { x: '1', y: 2 } }).success).toBe(false);
  });

  it('keeps growth stages within 0-3 and statuses to healthy, wilting, dead', () => {
    const entry = { id: 't', sourceId: 't', growthStage: 3, createdAt };
    expect(gardenEntrySchema.parse(entry)).toMatchObject({ sourceType: 'task', status: 'healthy' });
    expect(gardenEntrySchema.safeParse({ ...entry, growthStage: 4 }).success).toBe(false);
    expect(gardenEntrySchema.safeParse({ ...entry, status: 'sick' }).success).toBe(false);
  });

  it('knows the three decorations and levels 1 to 7', () => {
    const base = { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: ['flowers', 'pond', 'path'] };
    expect(gamificationSchema.safeParse(base).success).toBe(true);
    expect(gamificationSchema.safeParse({ ...base, unlockedDecorations: ['castle'] }).success).toBe(false);
    expect(gamificationSchema.safeParse({ ...base, level: 8 }).success).toBe(false);
  });

  it('keeps fields it does not know inside an entry, nested ones too; the type names only the known fields', () => {
    const project: Project = projectSchema.parse({ id: 'p', name: 'P', createdAt, later: { from: 'a newer Grove' } });
    expect(project).toMatchObject({ later: { from: 'a newer Grove' } });
    // @ts-expect-error: the type is the fields this version knows, so a typo is still caught.
    expect(project.later).toEqual({ from: 'a newer Grove' });
    const node = mindMapNodeSchema.parse({ id: 'n', position: { x: 1, y: 2, z: 3 }, data: { label: 'L', emoji: '🌱', style: { border: 1 } }, shape: 'round' });
    expect(node).toEqual({ id: 'n', type: 'customText', position: { x: 1, y: 2, z: 3 }, data: { label: 'L', emoji: '🌱', style: { border: 1 } }, shape: 'round' });
  });

  it('requires every section of the Studio data', () => {
    const result = studioDataSchema.safeParse({});
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path[0])).toEqual([
      'projects', 'pages', 'kanbanBoard', 'mindMap', 'garden', 'gamification',
    ]);
  });
});

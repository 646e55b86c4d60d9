import { describe, expect, it } from 'vitest';
import { createDefaultGamification, createDefaultMindMap } from '../workspace/defaults.ts';
import type { GardenEntry, KanbanItem, StudioData } from '../workspace/model.ts';
import { selectGardenTrees, selectLevelProgress, selectUnlockedDecorations, stageKey } from './garden-selectors.ts';

function tree(id: string, createdAt: string, fields: Partial<GardenEntry> = {}): GardenEntry {
  return { id, sourceId: id, sourceType: 'task', growthStage: 0, status: 'healthy', createdAt, ...fields };
}

function studio(garden: GardenEntry[]): StudioData {
  return {
    projects: [{ id: 'p1', name: 'Launch', description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2026-01-01' }],
    pages: [{ id: 'g1', title: 'Notes', icon: '📄', parentId: null, createdAt: '2026-01-01', content: [] }],
    kanbanBoard: {
      columns: [{ id: 'todo', title: 'To-do', itemIds: ['t1'] }],
      items: { t1: { id: 't1', content: 'Water the plants', description: '', priority: 'medium', tags: [] } },
    },
    mindMap: createDefaultMindMap(),
    garden,
    gamification: createDefaultGamification(),
  };
}

describe('stageKey', () => {
  it('names stages 0 Sprout, 1 Sapling, 2 Small Tree, 3 Full Tree, and anything else Unknown', () => {
    expect([0, 1, 2, 3, 4, -1, 1.5, Number.NaN].map(stageKey))
      .toEqual(['sprout', 'sapling', 'smallTree', 'fullTree', 'unknown', 'unknown', 'unknown', 'unknown']);
  });
});

describe('selectGardenTrees', () => {
  it('lists the trees oldest first; equal times keep their stored order', () => {
    const data = studio([
      tree('b', '2026-03-02T10:00:00.000Z'),
      tree('a', '2026-03-01T10:00:00.000Z'),
      tree('c', '2026-03-02T10:00:00.000Z'),
      tree('d', '2026-03-01T12:00:00+05:00'),
    ]);
    expect(selectGardenTrees(data).map((entry) => entry.entry.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('gives each tree its source\'s content, name or title, or null when the item is gone (\'Item not found\')', () => {
    const data = studio([
      tree('t1', '2026-03-01'),
      tree('p1', '2026-03-02', { sourceType: 'project' }),
      tree('g1', '2026-03-03', { sourceType: 'page' }),
      tree('gone', '2026-03-04'),
      tree('constructor', '2026-03-05'),
    ]);
    expect(selectGardenTrees(data).map((entry) => entry.sourceTitle)).toEqual(['Water the plants', 'Launch', 'Notes', null, null]);
  });

  it('gives each tree its stage name and status', () => {
    const data = studio([tree('t1', '2026-03-01', { growthStage: 2, status: 'wilting' })]);
    expect(selectGardenTrees(data)[0]).toMatchObject({ stage: 'smallTree', status: 'wilting' });
  });

  it('gives the same list for unchanged data, and the same tree objects for unchanged trees', () => {
    const data = studio([tree('t1', '2026-03-01'), tree('gone', '2026-03-02')]);
    const first = selectGardenTrees(data);
    expect(selectGardenTrees(data)).toBe(first);
    // A change elsewhere in the data (the projects) gives back the same list.
    expect(selectGardenTrees({ ...data, projects: [] })).toBe(first);
    const t1: KanbanItem = { id: 't1', content: 'Renamed', description: '', priority: 'medium', tags: [] };
    const renamed = { ...data, kanbanBoard: { ...data.kanbanBoard, items: { t1 } } };
    const next = selectGardenTrees(renamed);
    expect(next[0]?.sourceTitle).toBe('Renamed');
    expect(next[1]).toBe(first[1]);
  });
});

describe('selectUnlockedDecorations', () => {
  it('says which decorations to draw, the same object while the list is unchanged', () => {
    const data = studio([]);
    const withPond = { ...data, gamification: { ...data.gamification, unlockedDecorations: ['flowers' as const, 'pond' as const] } };
    expect(selectUnlockedDecorations(data)).toEqual({ flowers: false, pond: false, path: false });
    expect(selectUnlockedDecorations(withPond)).toEqual({ flowers: true, pond: true, path: false });
    expect(selectUnlockedDecorations({ ...withPond })).toBe(selectUnlockedDecorations(withPond));
  });
});

describe('selectLevelProgress', () => {
  it('gives the header bar\'s progress, the same object while the gamification state is unchanged', () => {
    const data = studio([]);
    const scored = { ...data, gamification: { ...data.gamification, score: 175, level: 2 } };
    expect(selectLevelProgress(scored)).toEqual({ level: 2, current: 100, next: 250, fraction: 0.5 });
    expect(selectLevelProgress({ ...scored })).toBe(selectLevelProgress(scored));
  });
});

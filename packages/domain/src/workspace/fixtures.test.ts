import { describe, expect, it } from 'vitest';
import v0 from './fixtures/v0.json' with { type: 'json' };
import v1 from './fixtures/v1.json' with { type: 'json' };
import { createIdGenerator } from './ids.ts';
import { loadWorkspace, type LoadResult } from './load.ts';

// Frozen fixtures: one realistic workspace per released schema version. They are never edited; each must
// keep loading to the same result after every future migration. Both hold the same workspace, v0 as the
// original product stored it, so both must load to the v1 fixture's data.

const NOW = new Date('2030-01-01T00:00:00.000Z');
const load = (raw: unknown) => loadWorkspace(structuredClone(raw), NOW, createIdGenerator({ now: () => 0, random: () => 0 }));

function loaded(result: LoadResult) {
  if (!result.ok) throw new Error(`expected a load, got ${result.reason}`);
  return result;
}

describe('frozen fixture v1', () => {
  it('loads to its own data, unchanged, with nothing repaired', () => {
    const result = loaded(load(v1));
    expect(result.data).toEqual(v1.data);
    expect([result.fromVersion, result.revision, result.repairs]).toEqual([1, 42, []]);
  });

  it('holds a few of everything', () => {
    const { data } = loaded(load(v1));
    expect(data.projects.map((project) => project.status)).toEqual(['active', 'on-hold', 'completed']);
    expect(data.pages.filter((page) => page.parentId === null)).toHaveLength(2);
    expect(data.kanbanBoard.columns.map((column) => column.title)).toEqual(['To-do', 'In progress', 'Under review', 'Finished', 'Ideas']);
    expect(Object.keys(data.kanbanBoard.items)).toHaveLength(6);
    expect([data.mindMap.nodes.length, data.mindMap.edges.length, data.garden.length]).toEqual([4, 3, 5]);
    expect(data.gamification).toEqual({ score: 130, level: 2, streak: 3, lastCompletedDate: '2024-03-09', unlockedDecorations: ['flowers'] });
  });
});

describe('frozen fixture v0 (the original product\'s data)', () => {
  it('loads to the same workspace as v1, losing nothing', () => {
    const result = loaded(load(v0));
    expect(result.data).toEqual(v1.data);
    expect([result.fromVersion, result.revision, result.lossy]).toEqual([0, 0, false]);
  });

  it('reads a task saved without priority as medium and empty due dates as none', () => {
    const { data } = loaded(load(v0));
    expect(data.kanbanBoard.items['item-1709283164201-y4u5i6']?.priority).toBe('medium');
    expect(data.kanbanBoard.items['item-1709283164204-g3h4j5']).not.toHaveProperty('dueDate');
    expect(data.projects[1]).not.toHaveProperty('dueDate');
  });

  it('drops React Flow\'s runtime fields from mind map nodes and edges', () => {
    const { data } = loaded(load(v0));
    expect(Object.keys(data.mindMap.nodes[0] ?? {}).sort()).toEqual(['data', 'id', 'position', 'type']);
    expect(Object.keys(data.mindMap.edges[0] ?? {}).sort()).toEqual(['id', 'source', 'target']);
  });
});

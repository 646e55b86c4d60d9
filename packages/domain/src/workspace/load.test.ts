import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataArb, studioDataWithUnknownFieldsArb } from '../testing/studio-arbitraries.ts';
import { createDefaultMindMap, createDefaultStudioData, createSeedBoard } from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import { loadWorkspace, normaliseStudioData, type LoadResult } from './load.ts';
import { studioDataSchema, type StudioData } from './model.ts';
import { CURRENT_SCHEMA_VERSION, createEnvelope } from './schema-version.ts';

const NOW = new Date(2024, 2, 10, 9, 30);
const testIds = () => createIdGenerator({ now: () => 1000, random: () => 0 });
const load = (raw: unknown) => loadWorkspace(raw, NOW, testIds());

function loaded(result: LoadResult) {
  if (!result.ok) throw new Error(`expected a load, got ${result.reason}`);
  return result;
}

const project = { id: 'p1', name: 'Launch', createdAt: '2024-03-01T10:00:00.000Z' };

describe('loadWorkspace: merge over the defaults', () => {
  it('gives the defaults when nothing is stored, with nothing to report', () => {
    for (const raw of [undefined, null]) {
      expect(load(raw)).toEqual({
        ok: true, data: createDefaultStudioData(NOW, testIds()), revision: 0, source: 'empty', fromVersion: null, repairs: [], lossy: false,
      });
    }
  });

  it('keeps stored sections and fills the missing ones with their defaults', () => {
    const result = loaded(load({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 3, data: { projects: [project] } }));
    expect(result.data.projects).toEqual([expect.objectContaining({ id: 'p1', name: 'Launch', status: 'active' })]);
    expect(result.data.pages).toEqual([]);
    expect(result.data.kanbanBoard).toEqual(createSeedBoard(NOW, testIds()));
    expect(result.data.mindMap).toEqual(createDefaultMindMap());
    expect(result.data.gamification.level).toBe(1);
    expect(result.revision).toBe(3);
    expect(result.lossy).toBe(false);
    expect(result.repairs.map((repair) => repair.section)).toEqual(['pages', 'kanbanBoard', 'mindMap', 'garden', 'gamification']);
  });

  it('replaces a damaged section by its default without touching the others, and says it was lossy', () => {
    const result = loaded(load({ projects: [project], pages: 'oops', garden: {} }));
    expect(result.data.projects).toHaveLength(1);
    expect(result.data.pages).toEqual([]);
    expect(result.lossy).toBe(true);
    expect(result.repairs.filter((repair) => repair.lossy).map((repair) => repair.section)).toEqual(['pages', 'garden']);
  });

  it('sanitises the mind map while loading', () => {
    const result = loaded(load({ mindMap: { nodes: [{ id: 'a', position: { x: 'left', y: 0 }, data: { label: 'A' } }], edges: [] } }));
    expect(result.data.mindMap).toEqual(createDefaultMindMap());
  });

  it('sanitises block rich text while loading; already clean text is not reported', () => {
    const pageWith = (content: string) => ({ id: 'pg', title: 'T', createdAt: '2024-03-01T10:00:00.000Z', content: [{ id: 'b', type: 'paragraph', content }] });
    const dirty = loaded(load({ pages: [pageWith('<img src=x onerror=alert(1)>hi <i>there</i>')] }));
    expect(dirty.data.pages[0]?.content[0]?.content).toBe('hi <em>there</em>');
    expect(dirty.repairs.filter((repair) => repair.section === 'pages')).toEqual([expect.objectContaining({ kind: 'reset', lossy: false })]);
    expect(dirty.lossy).toBe(false);
    const clean = loaded(load({ pages: [pageWith('hi <em>there</em>')] }));
    expect(clean.repairs.filter((repair) => repair.section === 'pages')).toEqual([]);
  });

  it('seeds an empty board while loading, and leaves a board with columns alone', () => {
    expect(loaded(load({ kanbanBoard: { columns: [], items: {} } })).data.kanbanBoard).toEqual(createSeedBoard(NOW, testIds()));
    const columnsOnly = { columns: [{ id: 'c', title: 'Mine', itemIds: [] }], items: {} };
    expect(loaded(load({ kanbanBoard: columnsOnly })).data.kanbanBoard).toEqual(columnsOnly);
  });

  it('reports unknown top-level fields as lossy, so the raw data is kept', () => {
    const result = loaded(load({ projects: [], notes: 'from somewhere else' }));
    expect(result.repairs[0]).toEqual({ section: 'workspace', kind: 'left-out', message: 'unknown fields were left out: notes.', lossy: true });
  });

  it('loads the original product\'s bare data as version 0', () => {
    const result = loaded(load({ projects: [project] }));
    expect([result.source, result.fromVersion, result.revision]).toEqual(['stored', 0, 0]);
  });
});

describe('loadWorkspace: data it cannot read', () => {
  it('refuses data from a newer schema version, so it is never overwritten', () => {
    expect(load({ schemaVersion: CURRENT_SCHEMA_VERSION + 1, revision: 9, data: { projects: 'new shape' } })).toEqual({
      ok: false, reason: 'newer-version', foundVersion: CURRENT_SCHEMA_VERSION + 1, supportedVersion: CURRENT_SCHEMA_VERSION,
    });
  });

  it.each([['a number', 42], ['text', 'grove'], ['a list', [1, 2]], ['an envelope without data', { schemaVersion: 1, revision: 1 }],
    ['a version that is not a number', { schemaVersion: 'one', data: {} }]])('uses the defaults for %s, flagged lossy so the raw is kept', (_, raw) => {
    const result = loaded(load(raw));
    expect(result.data).toEqual(createDefaultStudioData(NOW, testIds()));
    expect([result.source, result.lossy]).toEqual(['unreadable', true]);
  });
});

describe('loadWorkspace: properties', () => {
  it('never throws, and always gives valid Studio data or a newer-version refusal', () => {
    fc.assert(fc.property(fc.anything(), (raw) => {
      const result = load(raw);
      if (result.ok) expect(studioDataSchema.safeParse(result.data).success).toBe(true);
      else expect(result.reason).toBe('newer-version');
    }));
  });

  it('never throws on Studio-shaped junk either', () => {
    const junk = fc.record({
      projects: fc.anything(), pages: fc.anything(), kanbanBoard: fc.record({ columns: fc.anything(), items: fc.anything() }),
      mindMap: fc.record({ nodes: fc.array(fc.anything()), edges: fc.array(fc.anything()) }),
      garden: fc.anything(),
      gamification: fc.anything(),
    }, { requiredKeys: [] });
    fc.assert(fc.property(junk, fc.boolean(), (data, wrapped) => {
      const result = loaded(load(wrapped ? { schemaVersion: 1, revision: 1, data } : data));
      expect(studioDataSchema.safeParse(result.data).success).toBe(true);
    }));
  });

  it('loads valid data exactly as stored, with nothing to report', () => {
    fc.assert(fc.property(studioDataArb, fc.nat(), (data, revision) => {
      const result = loaded(load(JSON.parse(JSON.stringify(createEnvelope(data, revision)))));
      expect(result.data).toEqual(data);
      expect([result.revision, result.repairs]).toEqual([revision, []]);
    }));
  });

  it('keeps fields it does not know inside every object, through load → save → load, reporting nothing', () => {
    const save = (data: unknown, revision: number) => JSON.parse(JSON.stringify(createEnvelope(data as StudioData, revision))) as unknown;
    fc.assert(fc.property(studioDataWithUnknownFieldsArb, (data) => {
      const first = loaded(load(save(data, 1)));
      expect(first.data).toEqual(data);
      expect(first.repairs).toEqual([]);
      const second = loaded(load(save(first.data, 2)));
      expect(second.data).toEqual(data);
    }));
  });

  it('keeps an unknown field of a project, task, page, block, node and garden entry (an example)', () => {
    const later = { from: 'a newer Grove', list: [1, { deep: true }] };
    const data = {
      projects: [{ ...project, later }],
      pages: [{ id: 'pg', title: 'T', createdAt: project.createdAt, content: [{ id: 'b', type: 'paragraph', later }], later }],
      kanbanBoard: { columns: [{ id: 'c', title: 'To-do', itemIds: ['t'], later }], items: { t: { id: 't', content: 'Task', later } }, later },
      mindMap: { nodes: [{ id: 'n', position: { x: 0, y: 0 }, data: { label: 'N', later }, later }], edges: [], later },
      garden: [{ id: 't', sourceId: 't', growthStage: 0, createdAt: project.createdAt, later }],
      gamification: { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [], later },
    };
    const result = loaded(load({ schemaVersion: CURRENT_SCHEMA_VERSION, revision: 1, data }));
    const text = JSON.stringify(result.data);
    expect(text.split('"later":').length - 1).toBe(11);
    expect(result.data.kanbanBoard.items.t).toMatchObject({ later });
    expect(result.repairs).toEqual([]);
  });

  it('names a "__proto__" field of an entry, which cannot be kept, as a lossy repair', () => {
    const raw = JSON.parse('{"projects": [{"id": "p1", "name": "Launch", "createdAt": "2024-03-01", "__proto__": {"x": 1}}]}') as unknown;
    const result = loaded(load(raw));
    expect(result.repairs).toContainEqual({ section: 'projects', kind: 'reset', message: 'projects[0] (p1): reset invalid fields: __proto__.', lossy: true });
    expect(result.lossy).toBe(true);
  });

  it('is stable: loading what a load produced changes nothing and reports nothing', () => {
    fc.assert(fc.property(fc.anything(), (raw) => {
      const first = load(raw);
      if (!first.ok) return;
      const second = loaded(load(JSON.parse(JSON.stringify(createEnvelope(first.data, 1)))));
      expect(second.data).toEqual(first.data);
      expect(second.repairs).toEqual([]);
    }));
  });

  it('normaliseStudioData does not mutate its input', () => {
    const damaged = fc.record({ projects: fc.array(fc.record({ id: fc.constant('dup'), name: fc.anything() })), pages: fc.anything(), mindMap: fc.anything() });
    fc.assert(fc.property(fc.oneof(studioDataArb, damaged), (data) => {
      const before = structuredClone(data);
      normaliseStudioData(data, NOW, testIds());
      expect(data).toEqual(before);
    }));
  });
});

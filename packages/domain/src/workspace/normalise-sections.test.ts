import { describe, expect, it } from 'vitest';
import { createDefaultGamification } from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import { normaliseGamification, normaliseGarden, normalisePages, normaliseProjects } from './normalise-sections.ts';
import type { Repair, Report } from './repair.ts';

const NOW = new Date('2024-03-10T09:30:00.000Z');
const testIds = () => createIdGenerator({ now: () => 900, random: () => 0 });

function collect(): { repairs: Repair[]; report: Report } {
  const repairs: Repair[] = [];
  return { repairs, report: (section, message, lossy, kind) => repairs.push({ section, kind, message, lossy }) };
}

const project = (id: string) => ({ id, name: id, createdAt: '2024-03-01T10:00:00.000Z' });
const page = (id: string, parentId: string | null = null) => ({ id, title: id, parentId, createdAt: '2024-03-01T10:00:00.000Z', content: [] });

describe('normaliseProjects', () => {
  it('fills the product defaults of a new project: active, medium, progress 0, team size 1', () => {
    const { report, repairs } = collect();
    expect(normaliseProjects([project('p')], NOW, testIds(), report)).toEqual([{
      id: 'p', name: 'p', description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2024-03-01T10:00:00.000Z',
    }]);
    expect(repairs).toEqual([]);
  });

  it('drops only the invalid entry, resets bad fields of the others, and reports both as lossy', () => {
    const { report, repairs } = collect();
    const projects = normaliseProjects([{ ...project('bad'), name: 42 }, { ...project('p'), progress: 150, teamSize: 0, createdAt: 'yesterday' }], NOW, testIds(), report);
    expect(projects).toEqual([expect.objectContaining({ id: 'p', progress: 0, teamSize: 1, createdAt: NOW.toISOString() })]);
    expect(repairs.map((repair) => repair.lossy)).toEqual([true, true]);
    expect(repairs[0]?.message).toContain('projects[0] (bad): dropped');
  });

  it('gives a project without an id, or with a repeated id, a new id', () => {
    const { report } = collect();
    const { id: _id, ...withoutId } = project('x');
    const ids = normaliseProjects([withoutId, project('p'), project('p')], NOW, testIds(), report).map((kept) => kept.id);
    expect(ids).toEqual(['project-900-000000', 'p', 'project-901-000000']);
  });

  it('uses [] for a missing section (not lossy) and for a damaged one (lossy)', () => {
    const missing = collect();
    expect(normaliseProjects(undefined, NOW, testIds(), missing.report)).toEqual([]);
    expect(missing.repairs).toEqual([expect.objectContaining({ lossy: false })]);
    const damaged = collect();
    expect(normaliseProjects({ p: project('p') }, NOW, testIds(), damaged.report)).toEqual([]);
    expect(damaged.repairs).toEqual([expect.objectContaining({ lossy: true })]);
  });
});

describe('normalisePages', () => {
  it('fills a page title, icon and content by their defaults', () => {
    const { report } = collect();
    expect(normalisePages([{ id: 'p', icon: '', createdAt: '2024-03-01' }], NOW, testIds(), report)).toEqual([
      { id: 'p', title: 'Untitled', icon: '📄', parentId: null, createdAt: '2024-03-01', content: [] },
    ]);
  });

  it('repairs blocks one by one: an unknown type becomes a paragraph, a block with no id gets one', () => {
    const { report } = collect();
    const [repaired] = normalisePages([{
      ...page('p'),
      content: [{ id: 'b1', type: 'quote', content: 'kept text' }, { type: 'todo', content: 'x', checked: true }, 'junk'],
    }], NOW, testIds(), report);
    expect(repaired?.content).toEqual([
      { id: 'b1', type: 'paragraph', content: 'kept text' },
      { id: 'block-900-000000', type: 'todo', content: 'x', checked: true },
    ]);
  });

  it('keeps block rich text in the editor\'s form and reports each rewritten block, not as lossy (decision 049)', () => {
    const { report, repairs } = collect();
    const canonical = { id: 'ok', type: 'paragraph', content: 'a <strong>b</strong> &amp; <a href="https://a.test">c</a>' };
    const [repaired] = normalisePages([{
      ...page('p'),
      content: [canonical, { id: 'x', type: 'heading', content: '<b onclick="alert(1)">T</b><script>alert(1)</script>' }],
    }], NOW, testIds(), report);
    expect(repaired?.content).toEqual([canonical, { id: 'x', type: 'heading', content: '<strong>T</strong>' }]);
    expect(repairs).toEqual([{ section: 'pages', kind: 'reset', lossy: false, message: 'pages[0].content: block "x": its rich text was rewritten in the editor\'s form.' }]);
  });

  it('makes a page whose parent does not exist a root page', () => {
    const { report, repairs } = collect();
    const pages = normalisePages([page('a'), page('b', 'ghost')], NOW, testIds(), report);
    expect(pages.map((kept) => kept.parentId)).toEqual([null, null]);
    expect(repairs).toEqual([expect.objectContaining({ lossy: false })]);
  });

  it('breaks a loop of parents so every page shows in the tree', () => {
    const { report } = collect();
    const pages = normalisePages([page('child', 'a'), page('a', 'b'), page('b', 'a'), page('self', 'self')], NOW, testIds(), report);
    const parents = Object.fromEntries(pages.map((kept) => [kept.id, kept.parentId]));
    expect(parents).toEqual({ child: 'a', a: null, b: 'a', self: null });
  });

  it('keeps a valid tree exactly', () => {
    const { report, repairs } = collect();
    const tree = [page('root'), page('child', 'root'), page('grandchild', 'child')].map((entry) => ({ ...entry, icon: '📄' }));
    expect(normalisePages(structuredClone(tree), NOW, testIds(), report)).toEqual(tree);
    expect(repairs).toEqual([]);
  });
});

describe('normaliseGarden', () => {
  const entry = (id: string) => ({ id, sourceId: id, sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: '2024-03-01T10:00:00.000Z' });

  it('drops invalid and repeated entries and keeps the order (oldest first)', () => {
    const { report } = collect();
    const garden = normaliseGarden([entry('b'), { ...entry('x'), growthStage: 9 }, entry('a'), entry('b')], report);
    expect(garden.map((kept) => kept.id)).toEqual(['b', 'a']);
  });
});

describe('normaliseGamification', () => {
  it('resets only the bad fields, so a bad streak does not cost the score', () => {
    const { report, repairs } = collect();
    expect(normaliseGamification({ score: 130, level: 2, streak: -4, lastCompletedDate: 'Mon', unlockedDecorations: ['flowers'] }, report)).toEqual({
      score: 130, level: 2, streak: 0, lastCompletedDate: null, unlockedDecorations: ['flowers'],
    });
    expect(repairs).toEqual([expect.objectContaining({ lossy: true, message: expect.stringContaining('streak, lastCompletedDate') as unknown })]);
  });

  it('removes unknown and repeated decorations but keeps the known ones', () => {
    const { report } = collect();
    const result = normaliseGamification({ score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: ['pond', 'castle', 'pond'] }, report);
    expect(result.unlockedDecorations).toEqual(['pond']);
  });

  it('falls back to the default for a missing or damaged section', () => {
    const { report } = collect();
    expect(normaliseGamification(undefined, report)).toEqual(createDefaultGamification());
    expect(normaliseGamification([1, 2], report).score).toBe(0);
  });
});

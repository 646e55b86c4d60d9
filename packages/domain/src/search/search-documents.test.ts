import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { page, project, studio, task } from '../testing/dashboard-test-data.ts';
import { studioDataArb } from '../testing/studio-arbitraries.ts';
import type { StudioData } from '../workspace/model.ts';
import { searchChanges, searchDocuments, type SearchDocument } from './search-documents.ts';

const byId = (documents: readonly SearchDocument[]) => new Map(documents.map((document) => [document.id, document]));

/** An index as a map, kept up to date by searchChanges alone. */
function applyChanges(index: Map<string, SearchDocument>, previous: StudioData, next: StudioData): Map<string, SearchDocument> {
  const { upserts, removals } = searchChanges(previous, next);
  const updated = new Map(index);
  for (const id of removals) updated.delete(id);
  for (const document of upserts) updated.set(document.id, document);
  return updated;
}

describe('search documents', () => {
  it('reads tasks, projects, pages (their text, without markup) and nodes', () => {
    const data = studio({
      tasks: [task('t1', { content: 'Water plants', description: 'Every Monday', tags: ['home', 'garden'] })],
      projects: [project('p1', { name: 'Launch', description: 'The spring launch' })],
      pages: [page('g1', { title: 'Notes', content: [
        { id: 'b1', type: 'heading', content: 'Caf&eacute; &amp; <strong>tea</strong>' },
        { id: 'b2', type: 'paragraph', content: '' },
        { id: 'b3', type: 'todo', content: 'Buy <em>beans</em>', checked: false },
      ] })],
    });
    const documents = byId(searchDocuments(data));
    expect(documents.get('task:t1')).toEqual({ id: 'task:t1', kind: 'task', itemId: 't1', title: 'Water plants', text: 'Every Monday', tags: 'home\ngarden' });
    expect(documents.get('project:p1')).toMatchObject({ kind: 'project', title: 'Launch', text: 'The spring launch' });
    // &eacute; is not among the references block HTML decodes; the browser writes é itself.
    expect(documents.get('page:g1')?.text).toBe('Caf&eacute; & tea\nBuy beans');
    expect([...documents.values()].filter((document) => document.kind === 'node').length).toBe(data.mindMap.nodes.length);
  });

  it('tells an index only what changed', () => {
    const before = studio({ tasks: [task('t1'), task('t2')], pages: [page('g1'), page('g2')], projects: [project('p1')] });
    const after: StudioData = {
      ...before,
      kanbanBoard: { ...before.kanbanBoard, items: { t1: before.kanbanBoard.items.t1!, t3: task('t3') } },
      pages: [before.pages[0]!, { ...before.pages[1]!, title: 'Renamed' }],
      mindMap: { ...before.mindMap, nodes: before.mindMap.nodes.map((node) => ({ ...node, position: { x: 1, y: 1 } })) },
    };
    const changes = searchChanges(before, after);
    expect(changes.upserts.map((document) => document.id).sort()).toEqual(['page:g2', 'task:t3']);
    expect(changes.removals).toEqual(['task:t2']);
    expect(searchChanges(after, after)).toEqual({ upserts: [], removals: [] });
  });

  it('keeps an index equal to a fresh one over any change (property)', () => {
    fc.assert(fc.property(studioDataArb, studioDataArb, (first, second) => {
      const kept = applyChanges(byId(searchDocuments(first)), first, second);
      expect(kept).toEqual(byId(searchDocuments(second)));
    }));
  });
});

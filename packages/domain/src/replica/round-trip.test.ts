import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataWithUnknownFieldsArb } from '../testing/studio-arbitraries.ts';
import { normaliseStudioData } from '../workspace/load.ts';
import type { Project } from '../workspace/model.ts';
import { bytesToText } from './binary-text.ts';
import { foldStoredParts } from './fold.ts';
import { docFromParts, readStoredParts, storedReplicaText, storedWorkspaceData } from './stored-workspace.ts';
import { applyChange, createWorkspaceDoc, WorkspaceReader } from './workspace-doc.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const PROJECT: Project = {
  id: 'p', name: 'p', description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: NOW.toISOString(),
};

describe('the workspace document round trip', () => {
  it('property: any loaded workspace, newer fields included, reads back exactly from its document and from storage', () => {
    fc.assert(fc.property(studioDataWithUnknownFieldsArb, (raw) => {
      const { data } = normaliseStudioData(raw, NOW);
      const doc = createWorkspaceDoc(data);
      expect(new WorkspaceReader(doc).read()).toEqual(data);
      expect(storedWorkspaceData(storedReplicaText(doc, 1, 'tab'), NOW)).toEqual(data);
    }), { numRuns: 200 });
  });

  it('reads a field named "__proto__" (from a newer version or elsewhere) back as a field', () => {
    const data = normaliseStudioData({}, NOW).data;
    const project = JSON.parse(JSON.stringify({ ...PROJECT, id: 'odd' }).replace('{', '{"__proto__":{"kept":true},')) as Project;
    const read = new WorkspaceReader(createWorkspaceDoc({ ...data, projects: [project] })).read().projects[0];
    expect(Object.hasOwn(read ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.entries(read ?? {})).toContainEqual(['__proto__', { kept: true }]);
  });

  it('reads stored parts with a log of later updates, a segment per save', () => {
    const data = normaliseStudioData({}, NOW).data;
    const doc = createWorkspaceDoc(data);
    const reader = new WorkspaceReader(doc);
    const parsed = JSON.parse(storedReplicaText(doc, 1, 'tab')) as { state: string; log: string[] };
    expect(parsed.log).toEqual([]);
    const segments: string[] = [];
    doc.on('updateV2', (update: Uint8Array) => segments.push(bytesToText(update)));
    let before = reader.read();
    for (const name of ['one', 'two']) {
      const after = { ...before, projects: [...before.projects, { ...PROJECT, id: name, name }] };
      before = applyChange(doc, reader, before, after, 'tab');
    }
    const text = storedReplicaText(doc, 2, 'tab', { state: parsed.state, log: segments });
    expect(readStoredParts(text)?.log).toEqual(segments);
    expect(storedWorkspaceData(text, NOW)?.projects.map((project) => project.name)).toEqual(['one', 'two']);
    expect(new WorkspaceReader(docFromParts({ state: parsed.state, log: segments })).read()).toEqual(reader.read());
    // Folded (as the store's worker does), the state alone holds it all.
    const folded = foldStoredParts({ state: parsed.state, log: segments });
    expect(new WorkspaceReader(docFromParts({ state: folded, log: [] })).read()).toEqual(reader.read());
  });
});

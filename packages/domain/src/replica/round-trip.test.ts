import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studioDataWithUnknownFieldsArb } from '../testing/studio-arbitraries.ts';
import { normaliseStudioData } from '../workspace/load.ts';
import { docFromParts, storedReplicaText, storedWorkspaceData } from './stored-workspace.ts';
import { createWorkspaceDoc, WorkspaceReader } from './workspace-doc.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');

describe('the workspace document round trip', () => {
  it('property: any loaded workspace, newer fields included, reads back exactly from its document and from storage', () => {
    fc.assert(fc.property(studioDataWithUnknownFieldsArb, (raw) => {
      const { data } = normaliseStudioData(raw, NOW);
      const doc = createWorkspaceDoc(data);
      expect(new WorkspaceReader(doc).read()).toEqual(data);
      expect(storedWorkspaceData(storedReplicaText(doc, 1, 'tab'), NOW)).toEqual(data);
    }), { numRuns: 200 });
  });

  it('reads stored parts with a log of later updates', () => {
    const doc = createWorkspaceDoc(normaliseStudioData({}, NOW).data);
    const text = storedReplicaText(doc, 1, 'tab');
    const parsed = JSON.parse(text) as { state: string; log: string };
    expect(parsed.log).toBe('');
    expect(new WorkspaceReader(docFromParts(parsed)).read()).toEqual(new WorkspaceReader(doc).read());
  });
});

import { renameMindMapNode } from '@grove/domain/mindmap/mind-map-commands';
import { studio } from '@grove/domain/testing/dashboard-test-data';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { storedData } from '@/test/stored-workspace.ts';
import { useCommitAsTyped } from './use-commit-as-typed.ts';
import { WorkspaceProvider } from './workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from './workspace-store.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');

function setUp() {
  const storage = new MemoryStorage();
  const data = studio();
  data.mindMap = { nodes: [{ id: 'n1', type: 'customText', position: { x: 0, y: 0 }, data: { label: 'Root' } }], edges: [] };
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  const store = new WorkspaceStore({ storage, now: () => NOW });
  const wrapper = ({ children }: { children: ReactNode }) => <WorkspaceProvider store={store}>{children}</WorkspaceProvider>;
  // The stored label is passed in as it changes, as a node re-rendered while its label is typed would.
  const label = () => store.getSnapshot().data.mindMap.nodes[0]?.data.label ?? '';
  const { result } = renderHook(() => useCommitAsTyped(renameMindMapNode, (text) => ({ id: 'n1', label: text }), label()), { wrapper });
  const stored = () => {
    store.flush();
    return storedData(storage)?.mindMap.nodes[0]?.data.label;
  };
  return { store, edit: () => result.current, label, stored };
}

describe('useCommitAsTyped', () => {
  it('puts each keystroke in the workspace (what a reload reads) without an undo step each', () => {
    const { store, edit, label, stored } = setUp();
    for (const text of ['B', 'Bu', 'Budget ']) act(() => edit().type(text));
    expect(label()).toBe('Budget');
    expect(stored()).toBe('Budget');
    expect(store.getSnapshot().undoName).toBeNull();
  });

  it('ends as one undo step from the text before the edit to the final text', () => {
    const { store, edit, label } = setUp();
    for (const text of ['P', 'Pl', 'Plan']) act(() => edit().type(text));
    let entry: ReturnType<ReturnType<typeof edit>['finish']> = null;
    act(() => {
      entry = edit().finish('Plan');
    });
    expect(entry).toMatchObject({ name: 'renameMindMapNode' });
    expect(label()).toBe('Plan');
    act(() => {
      expect(store.undo()).toEqual({ ok: true, name: 'renameMindMapNode' });
    });
    expect(label()).toBe('Root');
    expect(store.undo()).toEqual({ ok: false, reason: 'nothing' });
  });

  it('cancelled (Escape) or left blank, the text before the edit stays, with no undo step', () => {
    const { store, edit, label, stored } = setUp();
    act(() => edit().type('Gone'));
    act(() => edit().type('  '));
    // Blank while typing: the old label, as Enter would leave it.
    expect(stored()).toBe('Root');
    act(() => edit().type('Gone again'));
    act(() => {
      expect(edit().finish(null)).toBeNull();
    });
    expect(label()).toBe('Root');
    expect(store.getSnapshot().undoName).toBeNull();
    act(() => edit().type('x'));
    act(() => {
      expect(edit().finish(' ')).toBeNull();
    });
    expect(stored()).toBe('Root');
  });
});

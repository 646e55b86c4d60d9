import { defineCommand } from '@grove/domain/workspace/command';
import type { Project } from '@grove/domain/workspace/model';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { storedData } from '@/test/stored-workspace.ts';
import { useWorkspace, WorkspaceProvider } from './workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from './workspace-store.ts';

const setProjects = defineCommand<Project[]>('setProjects', (data, projects) => ({ ...data, projects }));

function ProjectCount() {
  const { data, status } = useWorkspace();
  return <p>{`${data.projects.length} projects, ${status}`}</p>;
}

describe('WorkspaceProvider', () => {
  it('throws when the workspace is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ProjectCount />)).toThrow('useWorkspace must be used inside <WorkspaceProvider>.');
  });

  it('re-renders on every change and flushes when the tab is hidden', () => {
    const storage = new MemoryStorage();
    const store = new WorkspaceStore({ storage });
    render(<WorkspaceProvider store={store}><ProjectCount /></WorkspaceProvider>);
    expect(screen.getByText('0 projects, saved')).toBeTruthy();

    act(() => {
      store.dispatch(setProjects, [{ id: 'project-1', name: 'A', description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2026-01-01' }]);
    });
    expect(screen.getByText('1 projects, pending')).toBeTruthy();
    expect(storage.getItem(WORKSPACE_KEY)).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(screen.getByText('1 projects, saved')).toBeTruthy();
    expect(storedData(storage)?.projects.map((project) => project.name)).toEqual(['A']);
  });

  it('follows a storage event from another tab', () => {
    const storage = new MemoryStorage();
    const store = new WorkspaceStore({ storage });
    render(<WorkspaceProvider store={store}><ProjectCount /></WorkspaceProvider>);
    // Another tab (its own store) saves a project.
    const otherStorage = new MemoryStorage();
    const writer = new WorkspaceStore({ storage: otherStorage });
    writer.dispatch(setProjects, [{ id: 'p', name: 'B', description: '', status: 'active', priority: 'low', progress: 5, teamSize: 2, createdAt: '2026-01-02' }]);
    writer.flush();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: WORKSPACE_KEY, newValue: otherStorage.getItem(WORKSPACE_KEY), storageArea: window.localStorage }));
    });
    expect(screen.getByText('1 projects, saved')).toBeTruthy();
  });
});

import { GARDEN_RECHECK_MS, reevaluateGardenCommand } from '@grove/domain/garden/reevaluate-garden';
import type { GardenEntry, StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as GardenScreen } from './garden-screen.tsx';

const NOW = new Date(2026, 2, 5, 10, 0, 0);

function entry(id: string, createdAt: string, growthStage: number, status: GardenEntry['status'] = 'healthy'): GardenEntry {
  return { id, sourceId: id, sourceType: 'task', growthStage, status, createdAt };
}

/** A store whose workspace is the default one changed by `change`, as if loaded from storage. */
function storeWith(change: (data: StudioData) => StudioData = (data) => data): WorkspaceStore {
  const defaults = new WorkspaceStore({ storage: new MemoryStorage(), now: () => NOW }).getSnapshot().data;
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(change(defaults), 1)));
  return new WorkspaceStore({ storage, now: () => NOW });
}

function withTasks(data: StudioData, tasks: { id: string; content: string; dueDate?: string }[], garden: GardenEntry[]): StudioData {
  const items = { ...data.kanbanBoard.items };
  for (const task of tasks) items[task.id] = { description: '', priority: 'medium', tags: [], ...task };
  const columns = data.kanbanBoard.columns.map((column) => (column.id === 'todo' ? { ...column, itemIds: [...tasks.map((task) => task.id), ...column.itemIds] } : column));
  return { ...data, kanbanBoard: { columns, items }, garden };
}

function renderGarden(store: WorkspaceStore) {
  return render(
    <MemoryRouter>
      <WorkspaceProvider store={store}>
        <TooltipProvider>
          <GardenScreen />
        </TooltipProvider>
      </WorkspaceProvider>
    </MemoryRouter>,
  );
}

const treeLabels = () => screen.getAllByRole('img').map((tree) => tree.getAttribute('aria-label'));

afterEach(() => {
  vi.useRealTimers();
});

describe('Garden screen', () => {
  it('says the garden is empty and links to the Kanban Board', () => {
    renderGarden(storeWith());
    expect(screen.getByText('Your garden is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kanban Board' }).getAttribute('href')).toBe('/kanban-board');
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('draws one tree per entry, oldest first, labelled with the source title and stage - status', () => {
    const store = storeWith((data) => withTasks(data, [
      { id: 'new', content: 'Newest task' },
      { id: 'old', content: 'Oldest task' },
      { id: 'mid', content: 'Middle task' },
    ], [
      entry('new', '2026-03-04T09:00:00.000Z', 3),
      entry('old', '2026-03-01T09:00:00.000Z', 0),
      entry('gone', '2026-03-02T09:00:00.000Z', 2, 'wilting'),
      entry('mid', '2026-03-03T09:00:00.000Z', 1),
    ]));
    renderGarden(store);
    expect(treeLabels()).toEqual([
      'Oldest task: Sprout - healthy',
      'Item not found: Small Tree - wilting',
      'Middle task: Sapling - healthy',
      'Newest task: Full Tree - healthy',
    ]);
    expect(screen.queryByText('Your garden is empty.')).toBeNull();
  });

  it('shows level, score, streak and the bar towards the next level', () => {
    const store = storeWith((data) => ({ ...data, gamification: { ...data.gamification, score: 175, level: 2, streak: 4 } }));
    renderGarden(store);
    const bar = screen.getByRole('progressbar', { name: 'Progress to level 3' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('175 GP')).toBeTruthy();
    expect(screen.getByText('175 / 250 GP')).toBeTruthy();
  });

  it('re-checks the trees on opening and every 5 minutes, outside the undo history', () => {
    vi.useFakeTimers({ now: NOW });
    const store = storeWith((data) => withTasks(data, [{ id: 'late', content: 'Late task', dueDate: '2026-03-02' }], [
      entry('late', '2026-03-01T09:00:00.000Z', 2),
    ]));
    const dispatch = vi.spyOn(store, 'dispatch');
    const rechecks = () => dispatch.mock.calls.filter(([command]) => command === reevaluateGardenCommand).length;
    const view = renderGarden(store);

    expect(treeLabels()).toEqual(['Late task: Sprout - dead']);
    expect(rechecks()).toBe(1);
    expect(dispatch.mock.calls[0]?.[2]).toEqual({ undoable: false });
    expect(store.getSnapshot().undoName).toBeNull();

    act(() => {
      vi.advanceTimersByTime(GARDEN_RECHECK_MS - 1);
    });
    expect(rechecks()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(rechecks()).toBe(2);
    expect(store.getSnapshot().undoName).toBeNull();

    view.unmount();
    act(() => {
      vi.advanceTimersByTime(GARDEN_RECHECK_MS * 2);
    });
    expect(rechecks()).toBe(2);
  });

  it('keeps the tooltip a keyboard focus opened while the page scrolls, and closes it when the focus leaves', async () => {
    const store = storeWith((data) => withTasks(data, [{ id: 'one', content: 'One task' }], [entry('one', '2026-03-01T09:00:00.000Z', 1)]));
    renderGarden(store);
    const tree = screen.getByRole('img', { name: 'One task: Sapling - healthy' });
    act(() => {
      tree.focus();
    });
    expect((await screen.findByRole('tooltip')).textContent).toContain('Sapling - healthy');
    // Focus scrolls a tree partly out of view into it; that scroll's event comes after the tooltip opened.
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      document.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('tooltip').textContent).toContain('Sapling - healthy');
    act(() => {
      tree.blur();
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

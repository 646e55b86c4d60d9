import { selectColumnTasks, selectTask } from '@grove/domain/workspace/selectors';
import { defineCommand } from '@grove/domain/workspace/command';
import type { StudioData } from '@grove/domain/workspace/model';
import { act, render, screen } from '@testing-library/react';
import { memo, useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject } from '@/test/store-harness.ts';
import { useWorkspaceSelector, WorkspaceProvider } from './workspace-provider.tsx';
import { WorkspaceStore } from './workspace-store.ts';

const retitle = defineCommand<{ id: string; content: string }>('retitleTask', (data, { id, content }) => {
  const item = data.kanbanBoard.items[id];
  if (!item) return data;
  return { ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...data.kanbanBoard.items, [id]: { ...item, content } } } };
});

const renders = new Map<string, number>();
const count = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1);

const Card = memo(function Card({ id }: { id: string }) {
  const task = useWorkspaceSelector(useCallback((data: StudioData) => selectTask(data, id), [id]));
  count(id);
  return <li>{task?.content}</li>;
});

function Column({ columnId }: { columnId: string }) {
  const tasks = useWorkspaceSelector(useCallback((data: StudioData) => selectColumnTasks(data, columnId), [columnId]));
  count(`column ${columnId}`);
  return <ul>{tasks.map((task) => <Card key={task.id} id={task.id} />)}</ul>;
}

describe('useWorkspaceSelector', () => {
  it('re-renders only the card whose task changed (and its column), not the others', () => {
    renders.clear();
    const store = new WorkspaceStore({ storage: new MemoryStorage() });
    const { columns } = store.getSnapshot().data.kanbanBoard;
    render(<WorkspaceProvider store={store}>{columns.map((column) => <Column key={column.id} columnId={column.id} />)}</WorkspaceProvider>);
    const [first, second] = columns;
    const changed = first?.itemIds[0] as string;
    const untouched = second?.itemIds[0] as string;
    const before = new Map(renders);

    act(() => {
      store.dispatch(retitle, { id: changed, content: 'Renamed' });
    });
    expect(screen.getByText('Renamed')).toBeTruthy();
    expect(renders.get(changed)).toBe((before.get(changed) ?? 0) + 1);
    expect(renders.get(untouched)).toBe(before.get(untouched));
    // The column of the changed task gets a new list; the other columns keep theirs and do not render.
    expect(renders.get(`column ${second?.id}`)).toBe(before.get(`column ${second?.id}`));

    // A change elsewhere in the workspace renders no card and no column.
    const settled = new Map(renders);
    act(() => {
      store.dispatch(addProject, 'unrelated');
    });
    expect(renders).toEqual(settled);
  });
});

import { studio, task } from '@grove/domain/testing/dashboard-test-data';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { failOnBoardConsoleErrors } from '@/test/board-console-guard.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as KanbanScreen } from './kanban-screen.tsx';

// Decision 064: what is typed in the task dialog or a column's title outlives a reload (here, the screen drawn again
// on the same storage, as a reload would).

const NOW = new Date('2026-03-05T10:00:00.000Z');

function workspaceStorage(): MemoryStorage {
  const storage = new MemoryStorage();
  const data = studio({
    columns: [{ id: 'todo', title: 'To-do', itemIds: ['t1', 't2'] }, { id: 'done', title: 'Finished', itemIds: [] }],
    tasks: [task('t1', { content: 'Write' }), task('t2', { content: 'Review' })],
  });
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  return storage;
}

/** The board on a store reading `storage`, as a (re)loaded tab has it. */
function openBoard(storage: MemoryStorage, path = '/kanban-board') {
  const store = new WorkspaceStore({ storage, now: () => NOW });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <WorkspaceProvider store={store}><KanbanScreen /></WorkspaceProvider>
    </MemoryRouter>,
  );
  return { store, view };
}

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByLabelText<HTMLInputElement>(name);
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('the board after a reload', () => {
  failOnBoardConsoleErrors();

  it('the create dialog opened again shows what was typed; Cancel forgets it', () => {
    const storage = workspaceStorage();
    const first = openBoard(storage);
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    type(field('Title'), 'Buy milk');
    type(field('Description'), 'Two litres');
    first.view.unmount();

    openBoard(storage);
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect([field('Title').value, field('Description').value]).toEqual(['Buy milk', 'Two litres']);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    expect(field('Title').value).toBe('');
  });

  it('an edit’s draft comes back for its own task only, and Save forgets it', () => {
    const storage = workspaceStorage();
    const first = openBoard(storage, '/kanban-board?task=t1');
    type(field('Title'), 'Write more');
    first.view.unmount();

    const other = openBoard(storage, '/kanban-board?task=t2');
    expect(field('Title').value).toBe('Review');
    other.view.unmount();

    const again = openBoard(storage, '/kanban-board?task=t1');
    expect(field('Title').value).toBe('Write more');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(again.store.getSnapshot().data.kanbanBoard.items.t1?.content).toBe('Write more');
    expect(localStorage.getItem('grove-draft-task')).toBeNull();
  });

  it('a column title typed without Enter is in the workspace; Escape puts the old one back', () => {
    const storage = workspaceStorage();
    const first = openBoard(storage);
    fireEvent.click(screen.getByRole('button', { name: 'To-do' }));
    type(screen.getByRole('textbox', { name: 'Column title' }), 'Backlog');
    // What a reload reads: the save made when the tab is hidden or closed.
    first.store.flush();
    first.view.unmount();

    const again = openBoard(storage);
    expect(screen.getByRole('button', { name: 'Backlog' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Backlog' }));
    const title = screen.getByRole('textbox', { name: 'Column title' });
    type(title, 'Icebox');
    expect(again.store.getSnapshot().data.kanbanBoard.columns[0]?.title).toBe('Icebox');
    fireEvent.keyDown(title, { key: 'Escape' });
    expect(again.store.getSnapshot().data.kanbanBoard.columns[0]?.title).toBe('Backlog');
  });
});

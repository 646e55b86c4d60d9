import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandContext } from '@/lib/app-commands/app-commands.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { CommandPalette } from './command-palette.tsx';

const NOW = new Date('2026-03-05T10:00:00.000Z');

function storeWith(change: (data: StudioData) => StudioData): WorkspaceStore {
  const defaults = new WorkspaceStore({ storage: new MemoryStorage(), now: () => NOW }).getSnapshot().data;
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(change(defaults), 1)));
  return new WorkspaceStore({ storage, now: () => NOW });
}

const seeded = (data: StudioData): StudioData => ({
  ...data,
  pages: [...data.pages, {
    id: 'page-trip', title: 'Trip plans', icon: '🧳', parentId: null, createdAt: NOW.toISOString(),
    content: [{ id: 'block-1', type: 'paragraph', content: `${'Packing list and tickets. '.repeat(8)}Book the café in Zürich near the station.` }],
  }],
  kanbanBoard: {
    ...data.kanbanBoard,
    items: { ...data.kanbanBoard.items, 'task-visa': { id: 'task-visa', content: 'Renew the visa', description: '', priority: 'high', tags: ['travel', 'admin'] } },
  },
});

function renderPalette(path: string = APP_PATHS.dashboard) {
  const store = storeWith(seeded);
  const context: CommandContext = {
    path, navigate: vi.fn(), openPalette: vi.fn(), openShortcuts: vi.fn(), undo: vi.fn(), redo: vi.fn(), toggleTheme: vi.fn(),
  };
  const onOpenChange = vi.fn();
  render(<WorkspaceProvider store={store}><CommandPalette open onOpenChange={onOpenChange} context={context} /></WorkspaceProvider>);
  return { store, context, onOpenChange, input: screen.getByRole('combobox') };
}

describe('the command palette', () => {
  beforeAll(() => {
    // happy-dom lays nothing out: cmdk scrolls the chosen item into view.
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {}, configurable: true, writable: true });
  });
  afterEach(() => window.localStorage.clear());

  it('finds a page by a word of its text, accents ignored, shows where, and opens it there', async () => {
    const { context, onOpenChange, input } = renderPalette();
    await userEvent.type(input, 'zurich');
    const result = await screen.findByRole('option', { name: /Trip plans/ });
    expect(within(result).getByText('Zürich', { selector: 'mark' })).toBeTruthy();
    // The snippet is the text around the match, cut with an ellipsis.
    expect(result.textContent).toContain('…');
    await userEvent.keyboard('{Enter}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(context.navigate).toHaveBeenCalledWith(`${APP_PATHS.pages}/page-trip?find=Z%C3%BCrich`);
  });

  it('finds a task by a tag and opens its dialog on the board; offers it again as recent', async () => {
    const { context, input } = renderPalette();
    await userEvent.type(input, 'trav');
    const result = await screen.findByRole('option', { name: /Renew the visa/ });
    expect(within(result).getByText('travel', { selector: 'mark' })).toBeTruthy();
    await userEvent.click(result);
    expect(context.navigate).toHaveBeenCalledWith(`${APP_PATHS.kanban}?task=task-visa`);
    await userEvent.clear(input);
    expect(await screen.findByRole('group', { name: 'Recent' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Recent' })).getByRole('option', { name: /Renew the visa/ })).toBeTruthy();
  });

  it('offers the commands that make sense here with their keys, and runs one', async () => {
    const { context, input } = renderPalette(APP_PATHS.kanban);
    const commands = screen.getByRole('group', { name: 'Commands' });
    expect(within(commands).getByRole('option', { name: /Create task/ }).textContent).toContain('C');
    await userEvent.type(input, 'create col');
    const column = await screen.findByRole('option', { name: /Create column/ });
    await userEvent.click(column);
    expect(context.navigate).toHaveBeenCalledWith(`${APP_PATHS.kanban}?column=new`);
    expect(screen.queryByRole('option', { name: /Go to Board/ })).toBeNull();
  });

  it('says plainly when nothing matches', async () => {
    const { input } = renderPalette();
    await userEvent.type(input, 'xylophone');
    expect(await screen.findByText('Nothing matches “xylophone”.')).toBeTruthy();
  });

  it('follows the workspace while open', async () => {
    const { store, input } = renderPalette();
    await userEvent.type(input, 'visa');
    await screen.findByRole('option', { name: /Renew the visa/ });
    const items = store.getSnapshot().data.kanbanBoard.items;
    act(() => {
      store.dispatch({ name: 'renameForTest', destructive: false, run: (data: StudioData) => ({
        ...data, kanbanBoard: { ...data.kanbanBoard, items: { ...items, 'task-visa': { ...items['task-visa']!, content: 'Renew the passport' } } },
      }) }, undefined);
    });
    expect(await screen.findByText('Nothing matches “visa”.')).toBeTruthy();
  });
});

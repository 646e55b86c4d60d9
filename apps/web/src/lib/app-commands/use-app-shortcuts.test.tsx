import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject, names } from '@/test/store-harness.ts';
import { APP_PATHS } from '../paths.ts';
import { useUndo } from '../workspace-store/use-undo.ts';
import { WorkspaceProvider } from '../workspace-store/workspace-provider.tsx';
import { WorkspaceStore } from '../workspace-store/workspace-store.ts';
import type { CommandContext } from './app-commands.ts';
import { useAppShortcuts } from './use-app-shortcuts.ts';

function Shortcuts({ context }: { context: Omit<CommandContext, 'undo' | 'redo'> }) {
  const { undo, redo } = useUndo();
  useAppShortcuts({ ...context, undo: () => undo(), redo });
  return (
    <>
      <input aria-label="Name" />
      <div role="dialog" aria-label="Open dialog"><button type="button">Inside</button></div>
      <button type="button">Outside</button>
    </>
  );
}

function setUp(path: string = APP_PATHS.dashboard) {
  const store = new WorkspaceStore({ storage: new MemoryStorage() });
  const context = { path, navigate: vi.fn(), openPalette: vi.fn(), openShortcuts: vi.fn(), toggleTheme: vi.fn() };
  render(<WorkspaceProvider store={store}><Shortcuts context={context} /></WorkspaceProvider>);
  return { store, context, outside: screen.getByRole('button', { name: 'Outside' }) };
}

describe('the workspace key bindings', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('Ctrl+Z undoes and Ctrl+Shift+Z redoes, but not while typing in a field', () => {
    const { store } = setUp();
    act(() => {
      store.dispatch(addProject, 'one');
    });
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'z', ctrlKey: true });
    expect(names(store)).toEqual(['one']);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(names(store)).toEqual([]);
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(names(store)).toEqual(['one']);
  });

  it('goes to a screen with g then its letter, and reads a lone key afresh after the wait', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const press = (key: string, at: number) => {
      vi.setSystemTime(at);
      fireEvent.keyDown(outside, { key });
    };
    const { context, outside } = setUp();
    press('g', 1000);
    press('b', 1500);
    expect(context.navigate).toHaveBeenLastCalledWith(APP_PATHS.kanban);
    press('g', 2000);
    press('c', 2100);
    expect(context.navigate).toHaveBeenLastCalledWith(APP_PATHS.calendar);
    // Too late for the sequence: 'c' alone creates a task.
    press('g', 5000);
    press('c', 7000);
    expect(context.navigate).toHaveBeenLastCalledWith(`${APP_PATHS.kanban}?new=1`);
    press('n', 8000);
    expect(context.navigate).toHaveBeenLastCalledWith(`${APP_PATHS.pages}?new=1`);
    expect(context.navigate).toHaveBeenCalledTimes(4);
  });

  it('opens the sheet with ? and the palette with Ctrl+K, even from a field', () => {
    const { context, outside } = setUp();
    fireEvent.keyDown(outside, { key: 'Shift', shiftKey: true });
    fireEvent.keyDown(outside, { key: '?', shiftKey: true });
    expect(context.openShortcuts).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'k', ctrlKey: true });
    expect(context.openPalette).toHaveBeenCalledTimes(1);
  });

  it('does nothing while typing, composing, in a dialog, or on a key a screen took', () => {
    const { context, outside } = setUp();
    const name = screen.getByLabelText('Name');
    for (const key of ['g', 'b', 'c', 'n', '?']) fireEvent.keyDown(name, { key });
    fireEvent.keyDown(outside, { key: 'c', isComposing: true });
    fireEvent.keyDown(outside, { key: 'c', keyCode: 229 });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Inside' }), { key: 'c' });
    outside.addEventListener('keydown', (event) => event.preventDefault(), { once: true });
    fireEvent.keyDown(outside, { key: 'c' });
    fireEvent.keyDown(outside, { key: 'c', altKey: true });
    expect(context.navigate).not.toHaveBeenCalled();
    expect(context.openShortcuts).not.toHaveBeenCalled();
  });

  it('offers a screen\'s commands only there', () => {
    const { context, outside } = setUp(APP_PATHS.kanban);
    fireEvent.keyDown(outside, { key: 'g' });
    fireEvent.keyDown(outside, { key: 'b' });
    // Already on the board: 'go to the board' is not offered there.
    expect(context.navigate).not.toHaveBeenCalled();
  });
});

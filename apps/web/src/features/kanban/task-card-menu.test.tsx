import { studio, task } from '@grove/domain/testing/dashboard-test-data';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { failOnBoardConsoleErrors } from '@/test/board-console-guard.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as KanbanScreen } from './kanban-screen.tsx';

// A card's menu is Radix's only once the card is hovered or focused (task-card.tsx): a board draws hundreds of
// cards. Whichever way the menu is reached, it opens and behaves as Radix's does.

const NOW = new Date('2026-03-05T10:00:00.000Z');

function openBoard() {
  const storage = new MemoryStorage();
  const data = studio({
    columns: [{ id: 'todo', title: 'To-do', itemIds: ['t1', 't2'] }, { id: 'done', title: 'Finished', itemIds: [] }],
    tasks: [task('t1', { content: 'Write' }), task('t2', { content: 'Review' })],
  });
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  const store = new WorkspaceStore({ storage, now: () => NOW });
  render(
    <MemoryRouter initialEntries={['/kanban-board']}>
      <WorkspaceProvider store={store}><KanbanScreen /></WorkspaceProvider>
    </MemoryRouter>,
  );
  return store;
}

const menuButton = (title: string) => screen.getByRole('button', { name: `Actions for ${title}` });
const card = (title: string) => menuButton(title).closest('li') as HTMLElement;
/** Radix's menu triggers carry an id it makes ('radix-…'); the plain stand-in has none. */
const radixTriggers = () => document.querySelectorAll('button[aria-haspopup="menu"][id^="radix-"]');

describe('a card\'s menu', () => {
  failOnBoardConsoleErrors();

  it('is not Radix\'s on a card nobody has hovered or focused, and is once the card is hovered', () => {
    openBoard();
    // The column menus are Radix's from the start; no card's is.
    const columns = radixTriggers().length;
    expect(menuButton('Write').getAttribute('aria-haspopup')).toBe('menu');
    expect(menuButton('Write').getAttribute('aria-expanded')).toBe('false');
    expect(menuButton('Write').id).toBe('');

    fireEvent.pointerEnter(card('Write'));
    expect(radixTriggers()).toHaveLength(columns + 1);
    expect(menuButton('Write').id).toMatch(/^radix-/);
    expect(menuButton('Review').id).toBe('');
  });

  it('opens on a press that comes before any hover (a tap), with its items, and closes on Escape', async () => {
    openBoard();
    fireEvent.pointerDown(menuButton('Review'), { button: 0, pointerType: 'touch' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Finished', 'Delete']);
    expect(menuButton('Review').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard after Tab from the card, and Escape gives the focus back to its button', async () => {
    const user = userEvent.setup();
    openBoard();
    const [activator] = within(card('Write')).getAllByRole('button');
    if (!activator) throw new Error('The card has no button.');
    act(() => activator.focus());
    await user.tab();
    expect(document.activeElement).toBe(menuButton('Write'));
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton('Write'));
  });

  it('keeps the focus on its button when the focus lands on it directly (not by way of the card)', () => {
    openBoard();
    const before = menuButton('Review');
    act(() => before.focus());
    // Radix's trigger has replaced the plain button, and holds the focus.
    expect(menuButton('Review')).not.toBe(before);
    expect(document.activeElement).toBe(menuButton('Review'));
  });

  it('opens from Enter on the plain button too', async () => {
    openBoard();
    const plain = menuButton('Review');
    fireEvent.keyDown(plain, { key: 'Enter' });
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')).toHaveLength(3);
  });
});

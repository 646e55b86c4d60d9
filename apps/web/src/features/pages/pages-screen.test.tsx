import { page, studio } from '@grove/domain/testing/dashboard-test-data';
import { createPage } from '@grove/domain/pages/page-commands';
import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as PagesScreen } from './pages-screen.tsx';

// docs/product.md, Notes and docs: the tree's rows and their ARIA, the stored expanded rows, a page created elsewhere.

const NOW = new Date('2026-03-05T10:00:00.000Z');

function storeWith(data: StudioData): WorkspaceStore {
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  return new WorkspaceStore({ storage, now: () => NOW });
}

function renderScreen(store: WorkspaceStore) {
  return render(
    <MemoryRouter initialEntries={['/notes-and-docs']}>
      <WorkspaceProvider store={store}>
        <Routes>
          <Route path="/notes-and-docs" element={<PagesScreen />} />
          <Route path="/notes-and-docs/:pageId" element={<p>opened</p>} />
        </Routes>
      </WorkspaceProvider>
    </MemoryRouter>,
  );
}

const items = () => screen.getAllByRole('treeitem').map((item) => `${item.getAttribute('aria-level')}:${item.textContent}`);

describe('Pages screen', () => {
  it('lists the root pages as a tree, expands from storage, and drops stored ids of pages that are gone', () => {
    localStorage.setItem('grove-expanded-pages', '["a","gone"]');
    renderScreen(storeWith(studio({ pages: [page('a', { title: 'Alpha' }), page('b', { title: ' ' }), page('a1', { title: 'Child', parentId: 'a' })] })));
    expect(items()).toEqual(['1:📄Alpha', '2:📄Child', '1:📄Untitled']);
    const alpha = screen.getByRole('treeitem', { name: 'Alpha' });
    expect([alpha.getAttribute('aria-expanded'), alpha.getAttribute('aria-setsize'), alpha.getAttribute('aria-posinset')]).toEqual(['true', '2', '1']);
    expect(screen.getByRole('treeitem', { name: 'Untitled' }).hasAttribute('aria-expanded')).toBe(false);
    expect(screen.getAllByRole('treeitem').map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    expect(localStorage.getItem('grove-expanded-pages')).toBe('["a"]');
  });

  it('shows a subpage created elsewhere under its expanded parent', () => {
    localStorage.setItem('grove-expanded-pages', '["a"]');
    const store = storeWith(studio({ pages: [page('a', { title: 'Alpha' }), page('a1', { title: 'Child', parentId: 'a' })] }));
    renderScreen(store);
    act(() => {
      store.dispatch(createPage, { id: 'a2', blockId: 'b-a2', parentId: 'a' });
    });
    expect(items()).toEqual(['1:📄Alpha', '2:📄Child', '2:📄Untitled']);
  });

  it('a plain click on a row (a real link) opens its page in the app', () => {
    renderScreen(storeWith(studio({ pages: [page('a', { title: 'Alpha' })] })));
    const alpha = screen.getByRole('treeitem', { name: 'Alpha' });
    expect(alpha.getAttribute('href')).toBe('/notes-and-docs/a');
    fireEvent.click(alpha);
    expect(screen.getByText('opened')).toBeTruthy();
  });
});

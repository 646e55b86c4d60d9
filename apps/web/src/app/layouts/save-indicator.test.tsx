import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { addProject } from '@/test/store-harness.ts';
import { SaveIndicator } from './save-indicator.tsx';

function renderWith(store: WorkspaceStore) {
  return render(
    <ThemeProvider>
      <MemoryRouter>
        <TooltipProvider><WorkspaceProvider store={store}><SaveIndicator /></WorkspaceProvider></TooltipProvider>
      </MemoryRouter>
      <Toaster />
    </ThemeProvider>,
  );
}

describe('SaveIndicator', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('says Saving while a change waits for its save, then Saved, and nothing in it moves (it shows while someone types)', () => {
    const store = new WorkspaceStore({ storage: new MemoryStorage() });
    renderWith(store);
    const status = () => screen.getByTestId('save-status');
    act(() => {
      store.dispatch(addProject, 'typing');
    });
    expect(status().getAttribute('data-status')).toBe('pending');
    expect(status().textContent).toBe('Saving…');
    expect(status().querySelector('[class*="animate-"]')).toBeNull();
    act(() => {
      store.flush();
    });
    expect(status().getAttribute('data-status')).toBe('saved');
    expect(status().textContent).toBe('Saved');
  });

  it('names a full storage as the reason a change is not saved', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    const store = new WorkspaceStore({ storage });
    renderWith(store);
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    act(() => {
      store.dispatch(addProject, 'big');
      store.flush();
    });
    expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('error');
    expect(screen.getByTestId('save-status').textContent).toContain('browser storage is full');
  });

  it('with no room to keep unreadable data aside, never says the original was kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, '{"schemaVersion":1,"revision":3,"data":');
    storage.quota = storage.getItem(WORKSPACE_KEY)?.length ?? 0;
    const store = new WorkspaceStore({ storage });
    renderWith(store);
    expect(await screen.findByText(/there is no room to keep a copy/)).toBeTruthy();
    expect(screen.queryByText(/The original data was kept/)).toBeNull();
  });
});

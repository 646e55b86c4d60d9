import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster.tsx';
import { downloadText } from '@/lib/download.ts';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { DataSection } from './data-section.tsx';

// jsdom cannot download; the export's own work (naming the file, telling the user) is what is tested here.
vi.mock('@/lib/download.ts', () => ({ downloadText: vi.fn() }));

const NOW = new Date(2026, 10, 26, 9, 30);

/** The section over a fresh workspace; the meter reads the page's own localStorage, which holds `stored`. */
function renderSection(stored: Record<string, string> = {}, url = '/settings') {
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const store = new WorkspaceStore({ storage: new MemoryStorage(), now: () => NOW });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ThemeProvider>
        <WorkspaceProvider store={store}>
          <DataSection onChanged={() => undefined} />
        </WorkspaceProvider>
        <Toaster />
      </ThemeProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(downloadText).mockReset();
  act(() => {
    toast.dismiss();
  });
});

describe('Settings, storage meter', () => {
  // Sizes count keys and values, in characters.
  it.each([
    ['1 byte of about 5 MB', { a: '' }, 0],
    ['30 bytes of about 5 MB', { ab: 'x'.repeat(28) }, 0],
    ['2.5 KB of about 5 MB', { notes: 'x'.repeat(2560 - 'notes'.length) }, 0],
    ['1.2 MB of about 5 MB', { notes: 'x'.repeat(Math.round(1.2 * 1024 * 1024)) }, 24],
  ])('reads "%s"', (text, stored, percent) => {
    renderSection(stored);
    expect(screen.getByTestId('storage-used').textContent).toBe(text);
    const bar = screen.getByRole('progressbar', { name: 'Storage used' });
    expect(bar.getAttribute('aria-valuenow')).toBe(String(percent));
    expect(bar.getAttribute('aria-valuetext')).toBe(text);
  });
});

describe('Settings, Export Data', () => {
  it('downloads backup-<date>.json and names the file in a success toast', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    expect(downloadText).toHaveBeenCalledWith('backup-2026-11-26.json', expect.stringContaining('"schemaVersion"'));
    const message = await screen.findByText('Exported backup-2026-11-26.json');
    expect(message.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('success');
  });

  it('exports once when opened with ?export=1 (the command palette\'s Export data)', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    renderSection({}, '/settings?export=1');
    expect(await screen.findByText('Exported backup-2026-11-26.json')).toBeTruthy();
    expect(downloadText).toHaveBeenCalledTimes(1);
  });

  it('says so in an error toast when the download fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(downloadText).mockImplementation(() => {
      throw new Error('blocked by the browser');
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Export Data' }));
    const message = await screen.findByText('The backup file could not be made. Nothing was changed; please try again.');
    expect(message.closest('[data-sonner-toast]')?.getAttribute('data-type')).toBe('error');
    expect(screen.queryByText(/^Exported/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('The backup file could not be made.', expect.any(Error));
  });
});

import type { RestorePointInfo, RestorePointReason } from '@grove/domain/backup/restore-point-rules';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { listRestorePoints } from '@/lib/workspace-store/restore-points.ts';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { RestorePointsSection } from './restore-points-section.tsx';

// happy-dom has no IndexedDB: the list is given here; e2e/tests/workspace-data.spec.ts reads a real one.
vi.mock('@/lib/workspace-store/restore-points.ts', () => ({
  listRestorePoints: vi.fn(), readRestorePoint: vi.fn(), createRestorePoint: vi.fn(), onRestorePointsChanged: () => () => undefined,
}));

const point = (id: number, reason: RestorePointReason, createdAt: string): RestorePointInfo => ({ id, reason, createdAt, size: 2560 });

function renderSection() {
  const store = new WorkspaceStore({ storage: new MemoryStorage() });
  return render(
    <ThemeProvider>
      <WorkspaceProvider store={store}>
        <RestorePointsSection version={0} onChanged={() => undefined} />
      </WorkspaceProvider>
    </ThemeProvider>,
  );
}

afterEach(() => {
  vi.mocked(listRestorePoints).mockReset();
});

describe('Settings, restore points', () => {
  it('says what is kept, and lists protected and automatic points apart, each newest first with its kind', async () => {
    // Newest first, as listRestorePoints gives them: kinds interleaved.
    vi.mocked(listRestorePoints).mockResolvedValue([
      point(6, 'daily', new Date(2026, 2, 6, 9, 0, 0).toISOString()),
      point(5, 'upgrade', new Date(2026, 2, 5, 18, 0, 0).toISOString()),
      point(4, 'conflict', new Date(2026, 2, 5, 12, 0, 0).toISOString()),
      point(3, 'restore', new Date(2026, 2, 5, 11, 0, 0).toISOString()),
      point(2, 'clear', new Date(2026, 2, 5, 10, 0, 0).toISOString()),
      point(1, 'import', new Date(2026, 2, 5, 9, 0, 0).toISOString()),
    ]);
    renderSection();

    const section = screen.getByRole('region', { name: 'Restore points' });
    expect(section.textContent).toContain('Each kind keeps only its own newest copies.');
    const protectedGroup = await screen.findByRole('region', { name: 'Protected' });
    expect(protectedGroup.textContent).toContain('Up to 5 of each kind are kept; automatic copies never replace them.');
    expect(within(protectedGroup).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mar 5, 2026 18:00:00 Before a data upgrade · 2.5 KBRestore',
      'Mar 5, 2026 11:00:00 Before a restore · 2.5 KBRestore',
      'Mar 5, 2026 10:00:00 Before Clear All · 2.5 KBRestore',
      'Mar 5, 2026 09:00:00 Before import · 2.5 KBRestore',
    ]);
    const automaticGroup = screen.getByRole('region', { name: 'Automatic' });
    expect(automaticGroup.textContent).toContain('for the last 7 days with changes, and up to 3 copies');
    expect(within(automaticGroup).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mar 6, 2026 09:00:00 Before the day\'s first change · 2.5 KBRestore',
      'Mar 5, 2026 12:00:00 Replaced by another tab · 2.5 KBRestore',
    ]);
  });

  it('shows only the groups that hold points', async () => {
    vi.mocked(listRestorePoints).mockResolvedValue([point(1, 'import', new Date(2026, 2, 5, 9).toISOString())]);
    renderSection();
    expect(await screen.findByRole('region', { name: 'Protected' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Automatic' })).toBeNull();
  });

  it('says so when there is none', async () => {
    vi.mocked(listRestorePoints).mockResolvedValue([]);
    renderSection();
    expect(await screen.findByText('No restore points yet.')).toBeTruthy();
    expect(screen.queryByTestId('restore-points')).toBeNull();
  });
});

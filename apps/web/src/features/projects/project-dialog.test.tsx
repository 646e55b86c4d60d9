import { studio } from '@grove/domain/testing/dashboard-test-data';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { ProjectDialog, type ProjectDialogState } from './project-dialog.tsx';

// Decision 064: the project dialog's unsaved text outlives a reload (here, the dialog drawn again).

const NOW = new Date('2026-03-05T10:00:00.000Z');
const CREATE: ProjectDialogState = { mode: 'create' };

function openDialog(handlers: { onSave?: () => void; onClose?: () => void } = {}) {
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(studio(), 1)));
  const store = new WorkspaceStore({ storage, now: () => NOW });
  return render(
    <WorkspaceProvider store={store}>
      <ProjectDialog
        state={CREATE}
        onClose={handlers.onClose ?? (() => undefined)}
        onSave={handlers.onSave ?? (() => undefined)}
        onDelete={() => undefined}
      />
    </WorkspaceProvider>,
  );
}

const field = (name: string) => within(screen.getByRole('dialog')).getByLabelText<HTMLInputElement>(name);

describe('the project dialog’s draft', () => {
  it('comes back when the dialog opens again; Cancel forgets it', () => {
    const first = openDialog();
    fireEvent.change(field('Name'), { target: { value: 'Launch' } });
    fireEvent.change(field('Description'), { target: { value: 'The spring launch' } });
    first.unmount();

    const onClose = vi.fn();
    const again = openDialog({ onClose });
    expect([field('Name').value, field('Description').value]).toEqual(['Launch', 'The spring launch']);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    again.unmount();

    openDialog();
    expect(field('Name').value).toBe('');
  });

  it('is forgotten once saved', () => {
    const onSave = vi.fn();
    const first = openDialog({ onSave });
    fireEvent.change(field('Name'), { target: { value: 'Launch' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create Project' }));
    expect(onSave).toHaveBeenCalledWith(CREATE, expect.objectContaining({ name: 'Launch' }));
    first.unmount();

    openDialog();
    expect(field('Name').value).toBe('');
  });
});

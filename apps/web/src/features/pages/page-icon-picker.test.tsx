import { createPage, PAGE_ICON_MAX_LENGTH } from '@grove/domain/pages/page-commands';
import { DEFAULT_PAGE_ICON } from '@grove/domain/workspace/model';
import { selectPage } from '@grove/domain/workspace/selectors';
import { fireEvent, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { describe, expect, it } from 'vitest';
import { useWorkspaceSelector, WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { gridMove, PageIconPicker } from './page-icon-picker.tsx';

describe('gridMove', () => {
  it('moves along a row and between rows, staying inside the grid', () => {
    expect(gridMove('ArrowRight', 0, 40, 8)).toBe(1);
    expect(gridMove('ArrowRight', 39, 40, 8)).toBe(39);
    expect(gridMove('ArrowLeft', 0, 40, 8)).toBe(0);
    expect(gridMove('ArrowDown', 3, 40, 8)).toBe(11);
    expect(gridMove('ArrowDown', 35, 40, 8)).toBe(35);
    expect(gridMove('ArrowUp', 11, 40, 8)).toBe(3);
    expect(gridMove('ArrowUp', 3, 40, 8)).toBe(3);
    expect(gridMove('Home', 20, 40, 8)).toBe(0);
    expect(gridMove('End', 2, 40, 8)).toBe(39);
    expect(gridMove('a', 2, 40, 8)).toBeNull();
  });
});

const PAGE_ID = 'page-1';

function IconOfPage() {
  const page = useWorkspaceSelector(useCallback((data) => selectPage(data, PAGE_ID), []));
  return page ? <PageIconPicker page={page} /> : null;
}

function setUp() {
  const store = new WorkspaceStore({ storage: new MemoryStorage() });
  store.dispatch(createPage, { id: PAGE_ID, blockId: 'block-1', parentId: null }, { undoable: false });
  render(<WorkspaceProvider store={store}><IconOfPage /></WorkspaceProvider>);
  const icon = () => selectPage(store.getSnapshot().data, PAGE_ID)?.icon;
  const open = () => fireEvent.click(screen.getByRole('button', { name: 'Change page icon' }));
  return { icon, open };
}

describe('PageIconPicker', () => {
  it('sets a suggested icon and closes', () => {
    const { icon, open } = setUp();
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Rocket' }));
    expect(icon()).toBe('🚀');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a typed emoji on Enter; empty falls back to the default icon', () => {
    const { icon, open } = setUp();
    open();
    fireEvent.change(screen.getByLabelText('Any emoji'), { target: { value: ' 🦊 ' } });
    fireEvent.submit(screen.getByLabelText('Any emoji'));
    expect(icon()).toBe('🦊');
    open();
    fireEvent.submit(screen.getByLabelText('Any emoji'));
    expect(icon()).toBe(DEFAULT_PAGE_ICON);
  });

  it('says why a too-long icon is not taken and changes nothing', () => {
    const { icon, open } = setUp();
    open();
    const field = screen.getByLabelText('Any emoji');
    fireEvent.change(field, { target: { value: 'x'.repeat(PAGE_ICON_MAX_LENGTH + 1) } });
    fireEvent.submit(field);
    expect(icon()).toBe(DEFAULT_PAGE_ICON);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/at most 16 characters/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('resets to the default icon', () => {
    const { icon, open } = setUp();
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Star' }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(icon()).toBe(DEFAULT_PAGE_ICON);
  });
});

import { createPage } from '@grove/domain/pages/page-commands';
import { selectPage } from '@grove/domain/workspace/selectors';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWorkspaceSelector, WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { storedData } from '@/test/stored-workspace.ts';
import type * as CoverImage from './cover-image.ts';
import { PageCover } from './page-cover.tsx';

const { toast, prepared } = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn() },
  prepared: { next: null as string | null },
}));
vi.mock('sonner', () => ({ toast }));
// The canvas work needs a browser (e2e/tests/page-cover.spec.ts); here a prepared cover is handed in.
vi.mock('./cover-image.ts', async (importOriginal) => {
  const original = await importOriginal<typeof CoverImage>();
  return {
    ...original,
    prepareCover: (file: File) => (prepared.next === null ? original.prepareCover(file) : Promise.resolve(prepared.next)),
  };
});

const PAGE_ID = 'page-1';
const cover = (characters: number) => `data:image/webp;base64,${'A'.repeat(characters)}`;

function CoverOfPage() {
  const page = useWorkspaceSelector(useCallback((data) => selectPage(data, PAGE_ID), []));
  return page ? <PageCover page={page} /> : null;
}

function setUp() {
  const storage = new MemoryStorage();
  const store = new WorkspaceStore({ storage });
  store.dispatch(createPage, { id: PAGE_ID, blockId: 'block-1', parentId: null }, { undoable: false });
  expect(store.flush()).toBe(true);
  render(<WorkspaceProvider store={store}><CoverOfPage /></WorkspaceProvider>);
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  const pick = async (file: File) => {
    await act(async () => {
      fireEvent.change(input(), { target: { files: [file] } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  const storedCover = () => {
    const page = storedData(storage)?.pages[0];
    if (!page) throw new Error('No page is stored.');
    return page.coverImage;
  };
  return { storage, store, pick, storedCover };
}

beforeEach(() => {
  prepared.next = null;
  toast.success.mockClear();
  toast.error.mockClear();
});

describe('PageCover', () => {
  it('adds a cover, saves it at once, and removes it with an Undo', async () => {
    const { pick, storedCover, store } = setUp();
    prepared.next = cover(400);
    await pick(new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(storedCover()).toBe(prepared.next);
    expect(toast.success).toHaveBeenCalledWith('Cover added', { action: expect.objectContaining({ label: 'Undo' }) as unknown });
    expect(screen.getByRole('button', { name: 'Change cover' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(selectPage(store.getSnapshot().data, PAGE_ID)?.coverImage).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Add cover' })).toBeTruthy();
    const [, options] = toast.success.mock.calls.at(-1) as [string, { action: { onClick: () => void } }];
    act(() => options.action.onClick());
    expect(selectPage(store.getSnapshot().data, PAGE_ID)?.coverImage).toBe(prepared.next);
  });

  it('says "Please select a valid image file." for a file that is not an image and changes nothing', async () => {
    const { pick, store } = setUp();
    const before = store.getSnapshot().data;
    await pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(toast.error).toHaveBeenCalledWith('Please select a valid image file.', { id: 'page-cover-invalid' });
    expect(store.getSnapshot().data).toBe(before);
  });

  it('undoes a cover the browser storage cannot hold, keeping what was stored, and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { pick, storage, store, storedCover } = setUp();
    const storedBefore = storage.getItem(WORKSPACE_KEY);
    storage.quota = (storedBefore?.length ?? 0) + WORKSPACE_KEY.length + 1000;
    prepared.next = cover(20_000);
    await pick(new File(['x'], 'big.png', { type: 'image/png' }));
    expect(toast.error).toHaveBeenLastCalledWith(expect.stringContaining('does not fit in your browser'), expect.objectContaining({ id: 'workspace-save' }));
    expect(selectPage(store.getSnapshot().data, PAGE_ID)?.coverImage).toBeUndefined();
    expect(storedCover()).toBeUndefined();
    expect(store.getSnapshot().status).toBe('saved');
    expect(screen.getByRole('button', { name: 'Add cover' })).toBeTruthy();
  });
});

import { page, studio } from '@grove/domain/testing/dashboard-test-data';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { render } from '@testing-library/react';
import type * as Linkify from 'linkifyjs';
import { describe, expect, it, vi } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { PageEditor } from './page-editor.tsx';

// linkify builds its scanner on its first use; the page editor has it built when the browser is idle after it
// mounts, not on the keystroke that first ends a word (the Link extension's autolink).
const { tokenize } = vi.hoisted(() => ({ tokenize: vi.fn() }));
vi.mock('linkifyjs', async (importOriginal) => {
  const linkify = await importOriginal<typeof Linkify>();
  tokenize.mockImplementation(linkify.tokenize);
  return { ...linkify, tokenize };
});

describe('the page editor and linkify', () => {
  it('builds linkify\'s scanner once the editor has mounted, before anything is typed', async () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(studio({ pages: [page('p', { content: [] })] }), 1)));
    const store = new WorkspaceStore({ storage, now: () => new Date('2026-03-05T10:00:00.000Z') });
    render(<WorkspaceProvider store={store}><PageEditor pageId="p" /></WorkspaceProvider>);
    await vi.waitFor(() => expect(tokenize).toHaveBeenCalledWith(''));
  });
});

import { parseBackup, serializeBackup } from '@grove/domain/backup/backup';
import { page, studio } from '@grove/domain/testing/dashboard-test-data';
import { newIdSeed } from '@grove/domain/workspace/ids';
import type { Block } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { importBackup } from '@grove/domain/commands/workspace-commands';
import type { Editor } from '@tiptap/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { storedData } from '@/test/stored-workspace.ts';
import { PageEditor } from './page-editor.tsx';

// Decision 039: a field a newer Grove wrote on a block is kept when this version's editor edits the block.
// Decision 064: the link dialog's unsaved address outlives a reload.

const NOW = new Date('2026-03-05T10:00:00.000Z');
const later = { from: 'a newer Grove', list: [1, { deep: true }] };

/** Tiptap hangs the editor on its element. */
const openEditor = (): Editor => {
  const element = document.querySelector<HTMLElement & { editor?: Editor }>('.ProseMirror');
  if (!element?.editor) throw new Error('The page editor is not drawn.');
  return element.editor;
};

describe('the page editor and unknown fields', () => {
  it('load → edit both blocks → save → export → import keeps each block’s unknown field', () => {
    const storage = new MemoryStorage();
    const blocks = [
      { id: 'b1', type: 'paragraph', content: 'Hello', later } as Block,
      { id: 'b2', type: 'todo', content: 'Ship', checked: false, later: 2 } as Block,
    ];
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(studio({ pages: [page('p', { content: blocks })] }), 1)));
    const store = new WorkspaceStore({ storage, now: () => NOW });
    render(<WorkspaceProvider store={store}><PageEditor pageId="p" /></WorkspaceProvider>);

    const editor = openEditor();
    act(() => {
      // 'Hello' is at 1..6; the todo's text starts after its own node opens.
      editor.chain().setTextSelection(6).insertContent(' world').run();
      const end = editor.state.doc.content.size - 1;
      editor.chain().setTextSelection(end).insertContent(' it').run();
    });
    expect(store.flush()).toBe(true);

    const saved = storedData(storage);
    if (!saved) throw new Error('The saved workspace did not load.');
    const parsed = parseBackup(serializeBackup(saved), NOW);
    if (!parsed.ok) throw new Error('The exported backup was refused.');
    const other = new WorkspaceStore({ storage: new MemoryStorage(), now: () => NOW });
    other.dispatch(importBackup, { backup: parsed.backup, idSeed: newIdSeed(1, () => 0.5) });

    expect(other.getSnapshot().data.pages.find((entry) => entry.id === 'p')?.content).toEqual([
      { id: 'b1', type: 'paragraph', content: 'Hello world', later },
      { id: 'b2', type: 'todo', content: 'Ship it', checked: false, later: 2 },
    ]);
  });
});

describe('the link dialog’s draft', () => {
  function openPage(storage: MemoryStorage) {
    const store = new WorkspaceStore({ storage, now: () => NOW });
    const view = render(<WorkspaceProvider store={store}><PageEditor pageId="p" /></WorkspaceProvider>);
    // 'Hello' selected in the first block.
    act(() => {
      openEditor().commands.setTextSelection({ from: 1, to: 6 });
    });
    fireEvent.click(screen.getByRole('button', { name: /^Link/ }));
    return { view, address: () => within(screen.getByRole('dialog')).getByLabelText<HTMLInputElement>('Link address') };
  }

  it('comes back for the same place after a reload, and Escape forgets it', () => {
    const storage = new MemoryStorage();
    const blocks: Block[] = [{ id: 'b1', type: 'paragraph', content: 'Hello' }];
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(studio({ pages: [page('p', { content: blocks })] }), 1)));
    const first = openPage(storage);
    fireEvent.change(first.address(), { target: { value: 'https://example.com/do' } });
    first.view.unmount();

    const again = openPage(storage);
    expect(again.address().value).toBe('https://example.com/do');
    fireEvent.keyDown(again.address(), { key: 'Escape' });
    again.view.unmount();

    expect(openPage(storage).address().value).toBe('');
  });
});

describe('the editor’s first drawing of a page', () => {
  it('draws the blocks once: the view holds the document’s own blocks, and opening the page writes nothing', () => {
    const storage = new MemoryStorage();
    const blocks: Block[] = Array.from({ length: 30 }, (_, index) => ({ id: `b${index}`, type: 'paragraph', content: `Block ${index}` }));
    storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(studio({ pages: [page('p', { content: blocks })] }), 1)));
    const store = new WorkspaceStore({ storage, now: () => NOW });
    expect(store.flush()).toBe(true);
    const text = store.pageText('p');
    if (!text?.doc) throw new Error('The page has no text.');
    const before = Y.encodeStateVector(text.doc);
    render(<WorkspaceProvider store={store}><PageEditor pageId="p" /></WorkspaceProvider>);

    const { view } = openEditor();
    // ProseMirror keeps a block it draws while an equal one replaces it in the state; y-tiptap drawing the page a
    // second time (Tiptap's EditorContent makes the plugins' views again) left every view block stale, and each
    // keystroke then compared every block in depth (start-from-text.ts).
    const drawn = (view as unknown as { docView: { children: { node: unknown }[] } }).docView.children;
    expect(drawn).toHaveLength(30);
    drawn.forEach((child, index) => expect(child.node).toBe(view.state.doc.child(index)));
    expect(view.state.doc.child(29).textContent).toBe('Block 29');
    expect(Y.encodeStateVector(text.doc)).toEqual(before);
  });
});

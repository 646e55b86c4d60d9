import { buildPageFragment, readBlockElement } from '@grove/domain/replica/page-blocks';
import type { Block, BlockType } from '@grove/domain/workspace/model';
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { DOMSerializer, Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { blocksToHtml } from './block-mapping.ts';
import { editorExtensions } from './editor-extensions.ts';

// The page editor and the domain agree on a page: the blocks the domain writes into a page's shared text are what the
// editor shows, and what the editor writes there (typing, marks, line breaks, splits, block types) the domain reads
// back as the editor's own HTML: its DOM serialiser's, the form the blocks were stored in before decision 065.

const TEXTS = { emptyPage: 'Start writing your page here...', emptyBlock: 'Type / for commands', checkbox: 'Done' };
const editors: Editor[] = [];

afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

function open(blocks: readonly Block[]) {
  const doc = new Y.Doc();
  const page = doc.getMap('page');
  doc.transact(() => page.set('content', buildPageFragment(blocks)));
  const fragment = page.get('content') as Y.XmlFragment;
  const editor = new Editor({ extensions: [...editorExtensions(TEXTS), Collaboration.configure({ fragment })] });
  editors.push(editor);
  /** The page as the domain reads its shared text. */
  const stored = () => fragment.toArray().map((child) => readBlockElement(child as Y.XmlElement));
  return { editor, fragment, stored };
}

/**
 * The page as the editor draws it: each top-level node's inline content through the schema's DOM serialiser. A line
 * break typed inside bold text carries the mark in the editor but not in the shared text (y-prosemirror keeps marks
 * on text only), which draws the same: compared without it.
 */
function shown(editor: Editor): Block[] {
  const serializer = DOMSerializer.fromSchema(editor.schema);
  const container = document.createElement('div');
  const blocks: Block[] = [];
  editor.state.doc.forEach((node: ProseMirrorNode) => {
    const inline: ProseMirrorNode[] = [];
    node.content.forEach((child) => inline.push(child.isText ? child : child.mark([])));
    container.replaceChildren(serializer.serializeFragment(Fragment.from(inline)));
    const type = node.type.name as BlockType;
    const id = String(node.attrs.blockId);
    const content = container.innerHTML;
    blocks.push(type === 'todo' ? { id, type, content, checked: node.attrs.checked === true } : { id, type, content });
  });
  return blocks;
}

describe('the page editor on a page\'s shared text', () => {
  it('shows the blocks the domain wrote, ids, types, checked states and marks', () => {
    const blocks: Block[] = [
      { id: 'b1', type: 'heading', content: 'Plan &amp; goals' },
      { id: 'b2', type: 'paragraph', content: 'Some <strong>bold</strong>, <em>italic</em>, <code>x &lt; y</code> and <a href="https://example.com/?a=1&amp;b=2">a link</a>.' },
      { id: 'b3', type: 'todo', content: 'Buy milk', checked: true },
      { id: 'b4', type: 'todo', content: '', checked: false },
      { id: 'b5', type: 'paragraph', content: 'line one<br>line two' },
      { id: 'b6', type: 'paragraph', content: '' },
      { id: 'b7', type: 'paragraph', content: 'two  spaces&nbsp;kept <strong><em>both</em></strong>' },
    ];
    const { editor, stored } = open(blocks);
    expect(shown(editor)).toEqual(blocks);
    expect(stored()).toEqual(blocks);
  });

  it('writes what is typed, marked, broken and split so that the domain reads the editor\'s own HTML', () => {
    const { editor, stored } = open([{ id: 'a', type: 'paragraph', content: 'hello world' }, { id: 'b', type: 'todo', content: 'milk', checked: false }]);
    editor.chain().setTextSelection(6).insertContent(',').run();
    editor.chain().setTextSelection({ from: 1, to: 6 }).toggleBold().run();
    editor.chain().setTextSelection({ from: 3, to: 10 }).toggleItalic().run();
    editor.chain().setTextSelection(8).setHardBreak().run();
    editor.chain().setTextSelection(4).splitBlock().run();
    editor.chain().setTextSelection({ from: 2, to: 3 }).setLink({ href: 'https://example.com/' }).run();
    const blocks = shown(editor);
    expect(stored()).toEqual(blocks);
    expect(blocks.map((block) => block.content).join('|')).toContain('<strong>');
    expect(new Set(blocks.map((block) => block.id)).size).toBe(blocks.length);
  });

  it('keeps a block\'s unknown fields while it is edited, and gives a split\'s new half none', () => {
    const { editor, stored } = open([{ id: 'a', type: 'paragraph', content: 'Hello', later: { from: 'a newer Grove' } } as Block]);
    editor.chain().setTextSelection(6).insertContent(' world').run();
    expect(stored()).toEqual([{ id: 'a', type: 'paragraph', content: 'Hello world', later: { from: 'a newer Grove' } }]);
    editor.chain().setTextSelection(6).splitBlock().run();
    expect(stored()[0]).toMatchObject({ id: 'a', content: 'Hello', later: { from: 'a newer Grove' } });
    expect(stored()[1]).not.toHaveProperty('later');
  });

  it('gives an empty page one block, with an id, and writes it', () => {
    const { editor, stored } = open([]);
    expect(editor.state.doc.childCount).toBe(1);
    editor.chain().setTextSelection(1).insertContent('x').run();
    expect(stored()).toMatchObject([{ type: 'paragraph', content: 'x' }]);
    expect(stored()[0]?.id).toMatch(/^block-/);
  });

  it('drops what the editor does not know from pasted blocks: scripts, attributes, unsafe links', () => {
    const { editor, stored } = open([{ id: 'b1', type: 'paragraph', content: '' }]);
    editor.chain().setTextSelection(1).insertContent(blocksToHtml([{
      id: 'b9',
      type: 'paragraph',
      content: 'a<script>alert(1)</script><img src=x onerror="alert(1)"><span style="color:red" onclick="x()">b</span><a href="javascript:alert(1)">c</a>',
    }]), { parseOptions: { preserveWhitespace: true } }).run();
    expect(stored().map((block) => block.content).join('')).toBe('abc');
    expect(stored()).toEqual(shown(editor));
  });

  // Any sequence of editing commands: what the domain reads is what the editor shows.
  const actionArb = fc.oneof(
    fc.record({ kind: fc.constant('type' as const), at: fc.nat(), text: fc.constantFrom('a', 'B c', '&', '<', '"', 'é') }),
    fc.record({ kind: fc.constantFrom('bold' as const, 'italic' as const, 'code' as const, 'link' as const), from: fc.nat(), length: fc.nat({ max: 6 }) }),
    fc.record({ kind: fc.constantFrom('break' as const, 'split' as const, 'delete' as const, 'todo' as const, 'heading' as const, 'paragraph' as const), at: fc.nat() }),
  );

  it('property: after any editing, the domain reads exactly what the editor shows', () => {
    fc.assert(fc.property(fc.array(actionArb, { maxLength: 12 }), (actions) => {
      const { editor, stored } = open([{ id: 'a', type: 'paragraph', content: 'one <em>two</em>' }, { id: 'b', type: 'todo', content: 'three', checked: true }]);
      for (const action of actions) {
        const size = editor.state.doc.content.size;
        const place = (at: number) => 1 + (at % Math.max(1, size - 1));
        const chain = editor.chain();
        const range = (from: number, length: number) => ({ from: place(from), to: Math.min(size - 1, place(from) + length) });
        if (action.kind === 'type') chain.setTextSelection(place(action.at)).insertContent(action.text);
        else if (action.kind === 'break') chain.setTextSelection(place(action.at)).setHardBreak();
        else if (action.kind === 'split') chain.setTextSelection(place(action.at)).splitBlock();
        else if (action.kind === 'delete') chain.setTextSelection(range(action.at, 3)).deleteSelection();
        else if (action.kind === 'link') chain.setTextSelection(range(action.from, action.length)).setLink({ href: '/pages/x' });
        else if ('from' in action) chain.setTextSelection(range(action.from, action.length)).toggleMark(action.kind);
        else chain.setTextSelection(place(action.at)).setNode(action.kind);
        chain.run();
      }
      expect(stored()).toEqual(shown(editor));
    }), { numRuns: 60 });
  });
});

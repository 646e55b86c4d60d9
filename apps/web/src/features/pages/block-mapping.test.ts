import type { Block } from '@grove/domain/workspace/model';
import { Editor } from '@tiptap/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { blocksToHtml, createBlockReader, sameBlocks } from './block-mapping.ts';
import { editorExtensions } from './editor-extensions.ts';

const TEXTS = { emptyPage: 'Start writing your page here...', emptyBlock: 'Type / for commands', checkbox: 'Done' };
const editors: Editor[] = [];

function open(blocks: readonly Block[]): Editor {
  const editor = new Editor({
    extensions: editorExtensions(TEXTS),
    content: blocksToHtml(blocks),
    parseOptions: { preserveWhitespace: true },
  });
  editors.push(editor);
  return editor;
}

/** Blocks → the editor's document → blocks. */
function roundTrip(blocks: readonly Block[]): Block[] {
  const editor = open(blocks);
  return createBlockReader(editor.schema).read(editor.state.doc);
}

afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

describe('blocks ⇄ editor document', () => {
  it('keeps each block’s id, type, checked state and inline marks', () => {
    const blocks: Block[] = [
      { id: 'b1', type: 'heading', content: 'Plan &amp; goals' },
      { id: 'b2', type: 'paragraph', content: 'Some <strong>bold</strong>, <em>italic</em>, <code>x &lt; y</code> and <a href="https://example.com/?a=1&amp;b=2">a link</a>.' },
      { id: 'b3', type: 'todo', content: 'Buy milk', checked: true },
      { id: 'b4', type: 'todo', content: '', checked: false },
      { id: 'b5', type: 'paragraph', content: 'line one<br>line two' },
      { id: 'b6', type: 'paragraph', content: '' },
      { id: 'b7', type: 'paragraph', content: 'two  spaces&nbsp;kept' },
    ];
    expect(roundTrip(blocks)).toEqual(blocks);
  });

  it('drops what the editor does not know: scripts, attributes, unsafe links', () => {
    const [block] = roundTrip([{
      id: 'b1',
      type: 'paragraph',
      content: 'a<script>alert(1)</script><img src=x onerror="alert(1)"><span style="color:red" onclick="x()">b</span><a href="javascript:alert(1)">c</a>',
    }]);
    expect(block).toEqual({ id: 'b1', type: 'paragraph', content: 'abc' });
  });

  it('gives a block without an id, or with an id used before, a fresh one', () => {
    const editor = open([{ id: 'same', type: 'paragraph', content: 'a' }, { id: 'same', type: 'paragraph', content: 'b' }]);
    // The id rule runs on changes: any edit repairs the document.
    editor.commands.insertContentAt(1, 'x');
    const blocks = createBlockReader(editor.schema).read(editor.state.doc);
    expect(blocks[0]?.id).toBe('same');
    expect(blocks[1]?.id).toMatch(/^block-/);
  });

  it('reuses the blocks of nodes that did not change', () => {
    const editor = open([{ id: 'a', type: 'paragraph', content: 'one' }, { id: 'b', type: 'paragraph', content: 'two' }]);
    const reader = createBlockReader(editor.schema);
    const before = reader.read(editor.state.doc);
    editor.commands.insertContentAt(1, 'x');
    const after = reader.read(editor.state.doc);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]?.content).toBe('xone');
    expect(after[1]).toBe(before[1]);
  });

  it('compares blocks by what they hold, not by object', () => {
    const blocks: Block[] = [{ id: 'a', type: 'todo', content: 'x', checked: false }, { id: 'b', type: 'paragraph', content: 'y' }];
    expect(sameBlocks(blocks, blocks.map((block) => ({ ...block })))).toBe(true);
    expect(sameBlocks(blocks, [{ id: 'a', type: 'todo', content: 'x' }, { id: 'b', type: 'paragraph', content: 'y' }])).toBe(true);
    expect(sameBlocks(blocks, [{ id: 'a', type: 'todo', content: 'x', checked: true }, { id: 'b', type: 'paragraph', content: 'y' }])).toBe(false);
    expect(sameBlocks(blocks, blocks.slice(1))).toBe(false);
  });

  // Inline content as the editor writes it: text runs, each plain or under one mark.
  const textArb = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'B', ' ', '&', '<', '>', '"', 'é', '1') })
    .filter((text) => !text.startsWith(' ') && !text.endsWith(' ') && !text.includes('  '));
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const runArb = fc.tuple(fc.constantFrom('plain', 'strong', 'em', 'code', 'a', 'br'), textArb).map(([mark, text]) => {
    if (mark === 'br') return '<br>';
    if (mark === 'plain') return escape(text);
    if (mark === 'a') return `<a href="https://example.com/${encodeURIComponent(text)}">${escape(text)}</a>`;
    return `<${mark}>${escape(text)}</${mark}>`;
  });
  // Neighbouring runs of the same mark would merge; a space between runs keeps them apart.
  const contentArb = fc.array(runArb, { maxLength: 5 }).map((runs) => runs.join(' ').replaceAll(' <br> ', '<br>'));
  const blockArb = (id: string) => fc.oneof(
    fc.record({ type: fc.constant('paragraph' as const), content: contentArb }).map((block): Block => ({ id, ...block })),
    fc.record({ type: fc.constant('heading' as const), content: contentArb }).map((block): Block => ({ id, ...block })),
    fc.record({ content: contentArb, checked: fc.boolean() }).map((block): Block => ({ id, type: 'todo', ...block })),
  );
  const blocksArb = fc.integer({ min: 1, max: 6 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => blockArb(`block-${index}`))));

  it('round-trips any blocks written the editor’s way, unchanged', () => {
    fc.assert(fc.property(blocksArb, (blocks) => {
      expect(roundTrip(blocks)).toEqual(blocks);
    }), { numRuns: 40 });
  });

  it('is stable: a second round trip changes nothing, whatever HTML came in', () => {
    const htmlArb = fc.array(fc.constantFrom('<b>', '</b>', '<i>', '</i>', '<p>', '</p>', '<a href="https://x.org">', '</a>', '<br>', 'text', ' ', '&amp;', '<div>', '<h1>', '</h1>', '<ul><li>'), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(fc.property(fc.array(htmlArb, { minLength: 1, maxLength: 4 }), (contents) => {
      const first = roundTrip(contents.map((content, index) => ({ id: `b${index}`, type: 'paragraph', content })));
      expect(roundTrip(first)).toEqual(first);
    }), { numRuns: 40 });
  });
});

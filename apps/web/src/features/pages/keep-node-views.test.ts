import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorExtensions } from './editor-extensions.ts';
import { keepFirstNodeViews } from './keep-node-views.ts';

const TEXTS = { emptyPage: 'Write something', emptyBlock: 'Type / for blocks', checkbox: 'Done' };
const CONTENT = '<p>First</p><div data-type="todo" data-checked="true">Second</div><p>Third</p>';

const editors: Editor[] = [];
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

/** An editor with the page's extensions (the to-do's node view among them), as EditorContent mounts it. */
function mounted(keep: boolean): { editor: Editor; before: Node[] } {
  const editor = new Editor({
    extensions: editorExtensions(TEXTS),
    content: CONTENT,
    onBeforeCreate: ({ editor: created }) => {
      if (keep) keepFirstNodeViews(created);
    },
  });
  editors.push(editor);
  const before = [...editor.view.dom.childNodes];
  editor.createNodeViews();
  return { editor, before };
}

describe('keepFirstNodeViews', () => {
  it('keeps the blocks drawn when the editor was made: no second drawing of the page', () => {
    const { editor, before } = mounted(true);
    expect(before).toHaveLength(3);
    expect([...editor.view.dom.childNodes].every((node, index) => node === before[index])).toBe(true);
    // The to-do is still drawn by its node view: the checkbox, checked.
    expect(editor.view.dom.querySelector<HTMLInputElement>('[data-type="todo"] input[type="checkbox"]')?.checked).toBe(true);
  });

  it('is what stops it: Tiptap alone draws every block again', () => {
    const { editor, before } = mounted(false);
    expect([...editor.view.dom.childNodes].some((node, index) => node !== before[index])).toBe(true);
  });

  it('leaves the call to Tiptap when the view lacks a node view an extension makes', () => {
    const { editor } = mounted(true);
    editor.view.setProps({ nodeViews: {} });
    expect(editor.view.dom.querySelector('[data-type="todo"] input[type="checkbox"]')).toBeNull();
    editor.createNodeViews();
    expect(editor.view.dom.querySelector('[data-type="todo"] input[type="checkbox"]')).not.toBeNull();
  });
});

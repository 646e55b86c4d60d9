import { Extension } from '@tiptap/core';
import { Selection, TextSelection } from '@tiptap/pm/state';

// The page rules of Enter and Backspace (docs/product.md, Pages): Enter inserts a new paragraph block after the
// current one (the text after the caret moves into it; Shift+Enter is a line break, from HardBreak); Backspace on an
// empty block removes it when more than one block remains. While an input method composes, ProseMirror does not
// hand keys to these handlers, so Enter commits the composition instead of splitting the block.

export const BlockKeymap = Extension.create({
  name: 'blockKeymap',
  // Before Tiptap's own keymap (priority 100).
  priority: 200,
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.command(({ state, tr, dispatch }) => {
        const { $from, empty } = state.selection;
        if ($from.depth !== 1) return false;
        const paragraph = state.schema.nodes.paragraph;
        if (!paragraph) return false;
        const block = $from.parent;
        if (empty && $from.parentOffset === 0 && block.content.size > 0) {
          // At the start of a block with text: the new empty paragraph goes above it and the caret stays with the text.
          if (dispatch) {
            tr.insert($from.before(), paragraph.create()).scrollIntoView();
          }
          return true;
        }
        if (dispatch) {
          if (!empty) tr.deleteSelection();
          const at = tr.selection.$from;
          const marks = state.storedMarks ?? (at.parentOffset > 0 ? at.marks() : null);
          tr.split(at.pos, 1, [{ type: paragraph }]);
          if (marks) tr.ensureMarks(marks);
          tr.scrollIntoView();
        }
        return true;
      }),
      Backspace: () => {
        const { state } = this.editor;
        const { $from, empty } = state.selection;
        if (!empty || $from.depth !== 1 || $from.parentOffset !== 0) return false;
        if (this.editor.commands.undoInputRule()) return true;
        const block = $from.parent;
        const paragraph = state.schema.nodes.paragraph;
        if (!paragraph) return false;
        if (block.content.size > 0 || state.doc.childCount === 1) {
          // A heading or todo turns back into a paragraph first, as in Notion; a paragraph joins the block above.
          if (block.type === paragraph) return false;
          return this.editor.commands.setNode('paragraph', { blockId: block.attrs.blockId as unknown });
        }
        const index = $from.index(0);
        const start = $from.before();
        const tr = state.tr.delete(start, start + block.nodeSize);
        const target = index > 0 ? Selection.near(tr.doc.resolve(start), -1) : Selection.near(tr.doc.resolve(start), 1);
        tr.setSelection(target instanceof TextSelection ? target : TextSelection.create(tr.doc, target.from)).scrollIntoView();
        this.editor.view.dispatch(tr);
        return true;
      },
    };
  },
});

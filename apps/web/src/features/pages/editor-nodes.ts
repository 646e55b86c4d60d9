import { Extension, Node, textblockTypeInputRule } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { BLOCK_FIELDS_ATTRIBUTE } from '@grove/domain/replica/page-blocks';
import { generateId } from '@grove/domain/workspace/ids';

// The editor's own block nodes, one per block type of the page model (docs/product.md, Block): paragraph (Tiptap's),
// heading and todo. A page is a flat list of blocks, so the document is a flat list of these textblocks; every one
// carries the block's id in `blockId` (kept unique by blockIdPlugin), which is how the editor maps back to blocks.

export const BLOCK_NODE_TYPES = ['paragraph', 'heading', 'todo'] as const;

/**
 * Every block node's `blockId` attribute, read from and written to `data-block-id`, and its `fields`: the block's
 * fields this Grove does not know (a newer one's), kept on the node so that editing the block keeps them
 * (packages/domain/src/replica/page-blocks.ts). Not drawn; a split's new half has none.
 */
export const BlockIds = Extension.create({
  name: 'blockIds',
  addGlobalAttributes() {
    return [{
      types: [...BLOCK_NODE_TYPES],
      attributes: {
        blockId: {
          default: null,
          // The new half of a split block gets a fresh id (blockIdPlugin), not a copy.
          keepOnSplit: false,
          parseHTML: (element: HTMLElement) => element.getAttribute('data-block-id'),
          renderHTML: (attributes: Record<string, unknown>) =>
            (typeof attributes.blockId === 'string' ? { 'data-block-id': attributes.blockId } : {}),
        },
        [BLOCK_FIELDS_ATTRIBUTE]: { default: null, keepOnSplit: false, rendered: false },
      },
    }];
  },
  addProseMirrorPlugins() {
    return [blockIdPlugin()];
  },
});

/**
 * After any change, gives a fresh id to a block without one or with an id an earlier block already has (a split in
 * the middle copies the id; pasting blocks copied from this page brings theirs), and none of the first's unknown
 * fields. The first holder keeps its id.
 */
function blockIdPlugin(): Plugin {
  return new Plugin({
    key: new PluginKey('blockIds'),
    appendTransaction(transactions, _old, state) {
      if (!transactions.some((transaction) => transaction.docChanged)) return null;
      const seen = new Set<string>();
      let tr: Transaction | null = null;
      state.doc.forEach((node, offset) => {
        const id: unknown = node.attrs.blockId;
        if (typeof id === 'string' && id !== '' && !seen.has(id)) {
          seen.add(id);
          return;
        }
        const fresh = generateId('block');
        seen.add(fresh);
        tr ??= state.tr;
        tr.setNodeAttribute(offset, 'blockId', fresh);
        // A copy's unknown fields are the first holder's (a split in the middle copies every attribute).
        if (node.attrs[BLOCK_FIELDS_ATTRIBUTE] != null) tr.setNodeAttribute(offset, BLOCK_FIELDS_ATTRIBUTE, null);
      });
      return tr;
    },
  });
}

/** The model has one heading level; it is shown as an h2 under the page's h1 title. Any h1–h6 pasted becomes one. */
export const Heading = Node.create({
  name: 'heading',
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}` })),
  renderHTML: ({ HTMLAttributes }) => ['h2', HTMLAttributes, 0],
  addInputRules() {
    // '# ' (or up to six #) at the start of a block.
    return [textblockTypeInputRule({ find: /^#{1,6}\s$/, type: this.type })];
  },
  addKeyboardShortcuts() {
    return { 'Mod-Alt-1': () => this.editor.commands.setNode(this.name) };
  },
});

function isChecked(element: HTMLElement): boolean {
  const value = element.getAttribute('data-checked');
  if (value !== null) return value === 'true';
  return element.querySelector('input[type="checkbox"]')?.hasAttribute('checked') ?? false;
}

/** A todo block: a checkbox and a line of text. Drawn with a plain DOM node view (cheap for pages of 1,000 blocks). */
export const Todo = Node.create<{ checkboxLabel: string }>({
  name: 'todo',
  group: 'block',
  content: 'inline*',
  defining: true,
  addOptions: () => ({ checkboxLabel: 'Done' }),
  addAttributes() {
    return {
      checked: {
        default: false,
        keepOnSplit: false,
        parseHTML: isChecked,
        renderHTML: (attributes: Record<string, unknown>) => ({ 'data-checked': attributes.checked === true ? 'true' : 'false' }),
      },
    };
  },
  parseHTML: () => [
    { tag: 'div[data-type="todo"]', priority: 60 },
    // Task lists copied from other editors (Tiptap, GitHub, Notion's export).
    { tag: 'li[data-type="taskItem"]', priority: 60 },
    { tag: 'li[data-checked]', priority: 60 },
    { tag: 'li', priority: 55, getAttrs: (element) => (element.querySelector(':scope > input[type="checkbox"], :scope > label > input[type="checkbox"]') ? {} : false) },
  ],
  renderHTML: ({ HTMLAttributes }) => ['div', { ...HTMLAttributes, 'data-type': 'todo' }, 0],
  addInputRules() {
    // '[] ', '[ ] ', '[x] ' and the Markdown '- [ ] ' at the start of a block.
    return [textblockTypeInputRule({
      find: /^(?:[-*+]\s)?\[([ xX]?)\]\s$/,
      type: this.type,
      getAttributes: (match) => ({ checked: (match[1] ?? '').toLowerCase() === 'x' }),
    })];
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-2': () => this.editor.commands.setNode(this.name),
      // Toggles the todo the caret is in.
      'Mod-Enter': () => {
        const { $from } = this.editor.state.selection;
        if ($from.parent.type !== this.type) return false;
        const pos = $from.before(1);
        return this.editor.commands.command(({ tr }) => {
          tr.setNodeAttribute(pos, 'checked', $from.parent.attrs.checked !== true);
          return true;
        });
      },
    };
  },
  addNodeView() {
    const label = this.options.checkboxLabel;
    return ({ node, getPos, editor }) => {
      const dom = document.createElement('div');
      dom.dataset.type = 'todo';
      const box = document.createElement('span');
      box.contentEditable = 'false';
      box.className = 'todo-box';
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.setAttribute('aria-label', label);
      checkbox.tabIndex = -1;
      box.append(checkbox);
      const content = document.createElement('div');
      content.className = 'todo-text';
      dom.append(box, content);
      let current = node;
      const show = () => {
        checkbox.checked = current.attrs.checked === true;
        dom.dataset.checked = String(current.attrs.checked === true);
        const id: unknown = current.attrs.blockId;
        if (typeof id === 'string') dom.dataset.blockId = id;
      };
      show();
      checkbox.addEventListener('mousedown', (event) => event.preventDefault());
      checkbox.addEventListener('change', () => {
        const pos = getPos();
        if (typeof pos !== 'number' || !editor.isEditable) {
          checkbox.checked = current.attrs.checked === true;
          return;
        }
        editor.view.dispatch(editor.state.tr.setNodeAttribute(pos, 'checked', checkbox.checked));
      });
      return {
        dom,
        contentDOM: content,
        update: (next) => {
          if (next.type !== current.type) return false;
          current = next;
          show();
          return true;
        },
        ignoreMutation: (mutation) => mutation.type !== 'selection' && !content.contains(mutation.target),
        stopEvent: (event) => event.target === checkbox,
      };
    };
  },
});

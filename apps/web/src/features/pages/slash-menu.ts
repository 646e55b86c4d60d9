import type { BlockType } from '@grove/domain/workspace/model';
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion, { type SuggestionProps } from '@tiptap/suggestion';

// The '/' menu: typing '/' in a block opens a list of the block types; the text typed after it filters the list,
// arrows move, Enter turns the block into the chosen type (the '/query' text is removed), Escape closes. The list
// is drawn by React (slash-menu-view.tsx) from this small store; Tiptap's suggestion plugin tracks the typing.

export const SLASH_TYPES: readonly BlockType[] = ['paragraph', 'heading', 'todo'];

export interface SlashMenuState {
  readonly open: boolean;
  readonly items: readonly BlockType[];
  readonly active: number;
  /** Places the list under the '/' (Floating UI, kept in place on scroll). Returns the clean-up. */
  readonly mount: ((element: HTMLElement) => () => void) | null;
}

const CLOSED: SlashMenuState = { open: false, items: [], active: 0, mount: null };

export interface SlashMenu {
  readonly extension: Extension;
  readonly getState: () => SlashMenuState;
  readonly subscribe: (listener: () => void) => () => void;
  readonly choose: (type: BlockType) => void;
  readonly setActive: (index: number) => void;
}

/** Turns the block holding the range into `type`, keeping its id, after removing the '/query' text. */
export function applyBlockType(editor: Editor, range: Range, type: BlockType): void {
  const blockId: unknown = editor.state.doc.resolve(range.from).parent.attrs.blockId;
  const attributes = type === 'todo' ? { blockId, checked: false } : { blockId };
  editor.chain().focus().deleteRange(range).setNode(type, attributes).run();
}

/** `matches(type, query)`: whether the query finds the type (by its translated name and aliases). */
export function createSlashMenu(matches: (type: BlockType, query: string) => boolean): SlashMenu {
  let state: SlashMenuState = CLOSED;
  let props: SuggestionProps<BlockType, BlockType> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: SlashMenuState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const show = (next: SuggestionProps<BlockType, BlockType>) => {
    props = next;
    const active = Math.min(state.open ? state.active : 0, Math.max(0, next.items.length - 1));
    set({ open: true, items: next.items, active, mount: (element) => next.mount(element, { onPosition: ({ x, y, strategy }) => {
      Object.assign(element.style, { position: strategy, left: `${x}px`, top: `${y}px`, visibility: '' });
    } }) });
  };
  const choose = (type: BlockType) => props?.command(type);

  const extension = Extension.create({
    name: 'slashMenu',
    // Before the block keymap, so Enter, Tab and the arrows reach the open menu first.
    priority: 1000,
    addProseMirrorPlugins() {
      return [Suggestion<BlockType, BlockType>({
        pluginKey: new PluginKey('slashMenu'),
        editor: this.editor,
        char: '/',
        // Only in a block's text, never inside inline code.
        allow: ({ state, range }) => !state.doc.resolve(range.from).marks().some((mark) => mark.type.name === 'code'),
        items: ({ query }) => SLASH_TYPES.filter((type) => matches(type, query.trim())),
        command: ({ editor, range, props: type }) => applyBlockType(editor, range, type),
        render: () => ({
          onStart: show,
          onUpdate: show,
          onExit: () => {
            props = null;
            set(CLOSED);
          },
          onKeyDown: ({ event }) => {
            if (!state.open) return false;
            const count = state.items.length;
            if (event.key === 'Escape') {
              set(CLOSED);
              return false;
            }
            if (count === 0) return false;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              const step = event.key === 'ArrowDown' ? 1 : -1;
              set({ ...state, active: (state.active + step + count) % count });
              return true;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              const type = state.items[state.active];
              if (type) choose(type);
              return true;
            }
            return false;
          },
        }),
      })];
    },
  });

  return {
    extension,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose,
    setActive: (index) => set({ ...state, active: index }),
  };
}

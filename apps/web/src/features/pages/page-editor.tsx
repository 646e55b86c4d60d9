import { looksLikeMarkdown, markdownToBlocks } from '@grove/domain/pages/markdown-blocks';
import type { BlockType } from '@grove/domain/workspace/model';
import { generateId } from '@grove/domain/workspace/ids';
import Collaboration from '@tiptap/extension-collaboration';
import { TextSelection, type EditorState, type Selection } from '@tiptap/pm/state';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { tokenize } from 'linkifyjs';
import { absolutePositionToRelativePosition, relativePositionToAbsolutePosition, ySyncPluginKey } from '@tiptap/y-tiptap';
import { memo, useEffect, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { RelativePosition, XmlFragment } from 'yjs';
import { whenIdle } from '@/lib/when-idle.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { blocksToHtml } from './block-mapping.ts';
import { cleanPastedHtml } from './clean-pasted-html.ts';
import { editorExtensions } from './editor-extensions.ts';
import { keepFirstNodeViews } from './keep-node-views.ts';
import { startFromText } from './start-from-text.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { LinkDialog } from './link-dialog.tsx';
import { createSlashMenu } from './slash-menu.ts';
import './page-editor.css';
import { SlashMenuView } from './slash-menu-view.tsx';

export interface PageEditorHandle {
  /** Puts the caret at the start of the first block (Enter or ArrowDown in the title). */
  focusStart(): void;
}

interface PageEditorProps {
  /** The screen keys the editor by page, so one editor always shows one page. */
  pageId: string;
  ref?: Ref<PageEditorHandle>;
}

/**
 * The block editor of one page, bound to the page's text in the workspace document (Tiptap's Collaboration extension,
 * decision 065): what is typed goes straight into the document, which the store shows, saves and sends to the other
 * tabs; their typing comes back into the editor with the caret kept in place. The editor's undo (Ctrl/Cmd+Z inside
 * it) reverts only what was typed here, and stays out of the workspace's. A page whose text was made anew (its
 * delete undone) gets a new editor.
 */
export const PageEditor = memo(function PageEditor({ pageId, ref }: PageEditorProps) {
  const store = useWorkspaceStore();
  const text = useSyncExternalStore(store.subscribe, () => store.pageText(pageId));
  if (!text) return null;
  return <BoundEditor key={textKey(text)} pageId={pageId} text={text} ref={ref} />;
});

type ProsemirrorMapping = Parameters<typeof absolutePositionToRelativePosition>[2];
type SyncState = { binding?: { mapping: ProsemirrorMapping } } | undefined;
const bindingOf = (state: EditorState) => (ySyncPluginKey.getState(state) as SyncState)?.binding;

/**
 * The text selection as positions in the page's shared text; the returned function gives it back in a later state
 * (null when its text is gone or the selection is not a text one).
 */
function keepSelection(state: EditorState, text: XmlFragment): ((later: EditorState) => Selection | null) | null {
  const { selection } = state;
  const binding = bindingOf(state);
  if (!(selection instanceof TextSelection) || !binding) return null;
  const anchor = absolutePositionToRelativePosition(selection.anchor, text, binding.mapping) as RelativePosition;
  const head = absolutePositionToRelativePosition(selection.head, text, binding.mapping) as RelativePosition;
  return (later) => {
    const doc = text.doc;
    const laterBinding = bindingOf(later);
    if (!doc || !laterBinding) return null;
    const from = relativePositionToAbsolutePosition(doc, text, anchor, laterBinding.mapping);
    const to = relativePositionToAbsolutePosition(doc, text, head, laterBinding.mapping);
    if (from === null || to === null || Math.max(from, to) > later.doc.content.size) return null;
    return TextSelection.between(later.doc.resolve(from), later.doc.resolve(to));
  };
}

const textKeys = new WeakMap<object, number>();
let lastTextKey = 0;
function textKey(text: object): number {
  let key = textKeys.get(text);
  if (key === undefined) {
    key = ++lastTextKey;
    textKeys.set(text, key);
  }
  return key;
}

function BoundEditor({ pageId, text, ref }: PageEditorProps & { text: XmlFragment }) {
  const { t } = useTranslation();
  const [linkEditor, setLinkEditor] = useState<Editor | null>(null);

  const slash = useMemo(() => createSlashMenu((type: BlockType, query: string) => {
    if (query === '') return true;
    const words = `${t(`pageEditor.blockTypes.${type}`)} ${t(`pageEditor.blockAliases.${type}`)}`.toLowerCase();
    return words.includes(query.toLowerCase());
  }), [t]);

  const [start] = useState(() => startFromText(text));
  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onBeforeCreate: (props) => {
      keepFirstNodeViews(props.editor);
      start.onBeforeCreate(props);
    },
    extensions: editorExtensions(
      { emptyPage: t('pageEditor.placeholder'), emptyBlock: t('pageEditor.blockPlaceholder'), checkbox: t('pageEditor.todoCheckbox') },
      [slash.extension, Collaboration.configure({ fragment: text, ySyncOptions: start.ySyncOptions })],
    ),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('pageEditor.label'),
        id: 'page-editor-content',
        class: 'page-editor-content',
        spellcheck: 'true',
      },
      transformPastedHTML: cleanPastedHtml,
      // Plain text that reads as Markdown keeps its structure (headings, todos, marks, links).
      handlePaste: (_view, event) => {
        const pasted = event.clipboardData?.getData('text/plain') ?? '';
        if (event.clipboardData?.getData('text/html') || !looksLikeMarkdown(pasted)) return false;
        const blocks = markdownToBlocks(pasted, () => generateId('block'));
        if (blocks.length === 0) return false;
        const current = editorRef.current;
        if (!current) return false;
        current.commands.insertContent(blocksToHtml(blocks), { parseOptions: { preserveWhitespace: true } });
        return true;
      },
      handleKeyDown: (view, event) => {
        // ProseMirror takes a selection the browser moved (End, Shift+Home, arrows) from the selectionchange event,
        // which a busy page can deliver after the next key. A key run as a command (Enter, Backspace, Mod+B) would then
        // act on the old selection: Enter after Shift+Home, End deleted the line. Have it read the selection first.
        view.dom.ownerDocument.dispatchEvent(new Event('selectionchange'));
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkEditor(editorRef.current);
          return true;
        }
        return false;
      },
    },
  });
  // The editor's handlers are made with it: they reach it through this.
  const editorRef = useRef<Editor | null>(null);
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);
  // The Link extension's autolink reads each change through linkify, which builds its scanner (every top-level
  // domain) on its first use: 10-20 ms that fell on the page's first keystroke (bench:pages' trace). Built when the
  // browser is idle after the editor mounts instead; the extension resets linkify when an editor is destroyed.
  useEffect(() => whenIdle(() => {
    tokenize('');
  }), [editor]);

  // Another tab's change keeps the caret where it is in the text, moved along by what was typed before it. The
  // binding's own restoring puts it back at the same offset when that tab typed in the same block (y-tiptap 3.0.9,
  // tiptap#7213), so it is noted here in the document's terms and set again once the change is drawn. First,
  // ProseMirror reads what the browser holds and it has not read yet (a caret End just moved, a key just typed).
  const store = useWorkspaceStore();
  useEffect(() => store.onOutsideChange(() => {
    const { view } = editor;
    if (!view.hasFocus()) return;
    view.dom.ownerDocument.dispatchEvent(new Event('selectionchange'));
    const kept = keepSelection(view.state, text);
    return () => {
      const selection = kept?.(view.state);
      if (selection && !selection.eq(view.state.selection)) view.dispatch(view.state.tr.setSelection(selection).setMeta('addToHistory', false));
    };
  }), [editor, store, text]);

  useImperativeHandle(ref, () => ({
    // At once (Tiptap's focus command waits a frame, and keys typed meanwhile would land in the title).
    focusStart: () => {
      editor.view.focus();
      editor.commands.setTextSelection(1);
    },
  }), [editor]);

  return (
    <>
      <EditorToolbar editor={editor} onLink={() => setLinkEditor(editor)} />
      <EditorContent editor={editor} className="page-editor" />
      <SlashMenuView menu={slash} />
      <LinkDialog editor={linkEditor} pageId={pageId} onClose={() => setLinkEditor(null)} />
    </>
  );
}

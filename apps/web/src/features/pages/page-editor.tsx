import { looksLikeMarkdown, markdownToBlocks } from '@grove/domain/pages/markdown-blocks';
import { updatePageBlocks } from '@grove/domain/pages/page-commands';
import type { BlockType } from '@grove/domain/workspace/model';
import { selectPage } from '@grove/domain/workspace/selectors';
import { generateId } from '@grove/domain/workspace/ids';
import { createDocument } from '@tiptap/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { memo, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { blocksToHtml, createBlockReader, sameBlocks } from './block-mapping.ts';
import { cleanPastedHtml } from './clean-pasted-html.ts';
import { editorExtensions } from './editor-extensions.ts';
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
 * The block editor of one page. It reads the page's blocks once, then every change goes to the store as the page's
 * blocks (updatePageBlocks), at once, so nothing typed waits anywhere but in the store, which coalesces the saves.
 * Its own undo history (Ctrl/Cmd+Z inside the editor) stays out of the workspace's. A change made elsewhere
 * (another tab, a restore) replaces the part of the document that differs, the caret mapped through it.
 */
export const PageEditor = memo(function PageEditor({ pageId, ref }: PageEditorProps) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const [linkEditor, setLinkEditor] = useState<Editor | null>(null);

  const slash = useMemo(() => createSlashMenu((type: BlockType, query: string) => {
    if (query === '') return true;
    const words = `${t(`pageEditor.blockTypes.${type}`)} ${t(`pageEditor.blockAliases.${type}`)}`.toLowerCase();
    return words.includes(query.toLowerCase());
  }), [t]);

  // What the store held after this editor's last write: anything else is a change from elsewhere.
  const known = useRef<unknown>(null);
  const reader = useRef<ReturnType<typeof createBlockReader> | null>(null);
  const writing = useRef(false);

  const [opened] = useState(() => {
    const page = selectPage(store.getSnapshot().data, pageId);
    known.current = page?.content ?? null;
    return { blocks: page?.content ?? [], html: page ? blocksToHtml(page.content) : '' };
  });

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: editorExtensions(
      { emptyPage: t('pageEditor.placeholder'), emptyBlock: t('pageEditor.blockPlaceholder'), checkbox: t('pageEditor.todoCheckbox') },
      [slash.extension],
    ),
    content: opened.html,
    parseOptions: { preserveWhitespace: true },
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
        const text = event.clipboardData?.getData('text/plain') ?? '';
        if (event.clipboardData?.getData('text/html') || !looksLikeMarkdown(text)) return false;
        const blocks = markdownToBlocks(text, () => generateId('block'));
        if (blocks.length === 0) return false;
        editorRef.current.commands.insertContent(blocksToHtml(blocks), { parseOptions: { preserveWhitespace: true } });
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
    onUpdate: ({ editor: changed }) => {
      const blocks = (reader.current ?? createBlockReader(changed.schema)).read(changed.state.doc);
      writing.current = true;
      try {
        store.dispatch(updatePageBlocks, { id: pageId, blocks, emptyBlockId: generateId('block') }, { undoable: false });
      } finally {
        writing.current = false;
      }
      known.current = selectPage(store.getSnapshot().data, pageId)?.content ?? null;
    },
  });
  const editorRef = useRef(editor);
  editorRef.current = editor;
  if (reader.current === null) {
    reader.current = createBlockReader(editor.schema);
    reader.current.prime(editor.state.doc, opened.blocks);
  }

  // Changes from elsewhere: another tab's edit of this page, a restore point, an import.
  useEffect(() => store.subscribe(() => {
    if (writing.current) return;
    const page = selectPage(store.getSnapshot().data, pageId);
    if (!page || page.content === known.current) return;
    known.current = page.content;
    // The same blocks in new objects (a save that took another tab's data and replayed ours): nothing to redraw.
    // Redrawing would drop a selection the browser has made but ProseMirror has not read yet (Shift+Home).
    if (reader.current && sameBlocks(reader.current.read(editor.state.doc), page.content)) return;
    // Only the part that differs is replaced, so the caret keeps its place in the text: another tab typing before it
    // moves it along instead of leaving it where the text used to be.
    const next = createDocument(blocksToHtml(page.content), editor.schema, { preserveWhitespace: true });
    const { state } = editor;
    const start = state.doc.content.findDiffStart(next.content);
    const end = state.doc.content.findDiffEnd(next.content);
    if (start === null || end === null) return;
    const overlap = start - Math.min(end.a, end.b);
    const [endA, endB] = overlap > 0 ? [end.a + overlap, end.b + overlap] : [end.a, end.b];
    editor.view.dispatch(state.tr.replace(start, endA, next.slice(start, endB)).setMeta('addToHistory', false).setMeta('preventUpdate', true));
  }), [editor, pageId, store]);

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
});

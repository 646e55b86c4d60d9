import type { Extensions } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Code from '@tiptap/extension-code';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Placeholder } from '@tiptap/extensions';
import { isAllowedLinkHref } from './link-href.ts';
import { BlockKeymap } from './editor-keymap.ts';
import { BlockIds, Heading, Todo } from './editor-nodes.ts';

export interface EditorTexts {
  /** The first block of an empty page. */
  readonly emptyPage: string;
  /** Any other empty block the caret is in. */
  readonly emptyBlock: string;
  readonly checkbox: string;
}

/**
 * The page editor's schema and behaviour: the three block nodes, the marks bold, italic, inline code and link
 * (with their usual shortcuts and Markdown input rules), line breaks and the placeholders. Undo and redo come with
 * the Collaboration extension the page editor adds (its undo is Yjs's, over the page's shared text).
 */
export function editorExtensions(texts: EditorTexts, extra: Extensions = []): Extensions {
  return [
    // A page is a flat list of blocks.
    Document.extend({ content: 'block+' }),
    Paragraph,
    Text,
    Heading,
    Todo.configure({ checkboxLabel: texts.checkbox }),
    BlockIds,
    BlockKeymap,
    HardBreak,
    Bold,
    Italic,
    Code,
    Link.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      // The stored HTML is `<a href="…">` only (the block HTML rules keep nothing else).
      HTMLAttributes: { target: null, rel: null, class: null },
      isAllowedUri: (url) => isAllowedLinkHref(url),
      shouldAutoLink: (url) => isAllowedLinkHref(url),
    }),
    Placeholder.configure({
      showOnlyCurrent: false,
      includeChildren: false,
      placeholder: ({ editor, pos, hasAnchor }) => {
        if (pos === 0 && editor.state.doc.childCount === 1) return texts.emptyPage;
        return hasAnchor ? texts.emptyBlock : '';
      },
    }),
    ...extra,
  ];
}

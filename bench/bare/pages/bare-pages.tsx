import { Node } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Code from '@tiptap/extension-code';
import Collaboration from '@tiptap/extension-collaboration';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { Dropcursor, Gapcursor, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Block } from '@grove/domain/workspace/model';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seededWorkspace } from '../seeded-workspace.ts';
import { openStoredDoc, storeChanges, storeWhole, withYjs } from '../yjs-storage.ts';
import './pages.css';

// bench:pages's bare baseline: the seeded page's blocks in a plain Tiptap editor (@tiptap/react's useEditor and
// EditorContent with their defaults), nothing of Grove's: no Yjs binding, store, block ids, slash menu, toolbar or
// placeholders, and nothing saved. The extensions are StarterKit's (3.34), which the app does not install: those
// the app already has (document, paragraph, text, bold, italic, code, hard break, link, and from
// @tiptap/extensions drop cursor, gap cursor, trailing node, undo/redo), with a heading and a todo node of a few
// lines in place of @tiptap/extension-heading and a task item. StarterKit's lists, blockquote, code block, rule,
// strike and underline are left out: this page has none of them. ?page=<id> picks the page (else the longest).
// ?yjs: the same editor bound to a Yjs document through Tiptap's Collaboration extension (decision 076), as its
// documentation sets it up (the extension's own undo instead of UndoRedo): the page's HTML written into the empty
// document once (the first visit), the document stored, and what is typed stored a second after it
// (../yjs-storage.ts; Grove saves at most once a second too).

/** One heading level, drawn as an h2, as Tiptap's Heading would draw level 2. */
const Heading = Node.create({
  name: 'heading',
  group: 'block',
  content: 'inline*',
  defining: true,
  parseHTML: () => [{ tag: 'h2' }],
  renderHTML: ({ HTMLAttributes }) => ['h2', HTMLAttributes, 0],
});

/** A todo: a checkbox (not editable) before its text, drawn by the schema alone (no node view). */
const Todo = Node.create({
  name: 'todo',
  group: 'block',
  content: 'inline*',
  defining: true,
  addAttributes: () => ({
    checked: {
      default: false,
      parseHTML: (element: HTMLElement) => element.getAttribute('data-checked') === 'true',
      renderHTML: (attributes: Record<string, unknown>) => ({ 'data-checked': attributes.checked === true ? 'true' : 'false' }),
    },
  }),
  parseHTML: () => [{ tag: 'div[data-type="todo"]', contentElement: 'div' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div', { ...HTMLAttributes, 'data-type': 'todo' },
    ['span', { contenteditable: 'false' }, ['input', { type: 'checkbox', ...(node.attrs.checked === true ? { checked: 'checked' } : {}) }]],
    ['div', 0],
  ],
});

/** The blocks as HTML: a block's content is already HTML (text with marks). */
function pageHtml(blocks: readonly Block[]): string {
  return blocks.map((block) => {
    if (block.type === 'heading') return `<h2>${block.content}</h2>`;
    if (block.type === 'todo') return `<div data-type="todo" data-checked="${block.checked === true}"><div>${block.content}</div></div>`;
    return `<p>${block.content}</p>`;
  }).join('');
}

const pages = seededWorkspace().pages;
const wanted = new URLSearchParams(location.search).get('page');
const page = pages.find((candidate) => candidate.id === wanted) ?? [...pages].sort((a, b) => b.content.length - a.content.length)[0];
const content = pageHtml(page?.content ?? []);

const ATTRIBUTES = { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Page content' };
const EXTENSIONS = [Document, Paragraph, Text, Heading, Todo, HardBreak, Bold, Italic, Code, Link, Dropcursor, Gapcursor, TrailingNode];

function BareEditor() {
  const editor = useEditor({
    extensions: [...EXTENSIONS, UndoRedo],
    content,
    // The element the bench finds Grove's editor by.
    editorProps: { attributes: ATTRIBUTES },
  });
  return <main><EditorContent editor={editor} /></main>;
}

const stored = withYjs ? openStoredDoc() : null;
let started = false;

function BareYjsEditor({ doc, fresh, updates }: NonNullable<typeof stored>) {
  const editor = useEditor({
    extensions: [...EXTENSIONS, Collaboration.configure({ document: doc, field: 'page' })],
    editorProps: { attributes: ATTRIBUTES },
    onCreate: ({ editor: created }) => {
      // StrictMode may make the editor twice: the document is filled and stored once.
      if (started) return;
      started = true;
      if (fresh) {
        created.commands.setContent(content);
        storeWhole(doc, updates);
      }
      storeChanges(doc, updates, 1000);
    },
  });
  return <main><EditorContent editor={editor} /></main>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode>{stored ? <BareYjsEditor {...stored} /> : <BareEditor />}</StrictMode>);

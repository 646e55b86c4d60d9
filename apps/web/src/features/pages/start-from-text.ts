import type { Content, Editor } from '@tiptap/core';
import { initProseMirrorDoc } from '@tiptap/y-tiptap';
import type { XmlFragment } from 'yjs';

type Mapping = ReturnType<typeof initProseMirrorDoc>['mapping'];

export interface TextStart {
  /** For Collaboration.configure: y-tiptap's sync plugin reads them when the editor makes its view. */
  ySyncOptions: { mapping?: Mapping };
  /** For the editor's onBeforeCreate, which runs before the plugin is made. */
  onBeforeCreate: (props: { editor: Editor }) => void;
}

/**
 * Starts the editor with the page's text already drawn, and gives y-tiptap's sync plugin the map between that drawing
 * and the text, as y-prosemirror documents it (initProseMirrorDoc). Without a map the plugin draws the whole text afresh
 * each time ProseMirror makes the plugins' views, and Tiptap's EditorContent has them made twice (it registers a plugin
 * of its own once mounted): the second drawing's blocks equal the first's without being the same objects, ProseMirror
 * keeps the first in its view, and from then on every keystroke compared each block of the page in depth (1,000
 * blocks: about 1 ms a key in bench:pages' profile, issue 33). An empty text, or one that does not make a valid
 * document, keeps y-tiptap's own first drawing.
 */
export function startFromText(text: XmlFragment): TextStart {
  // Tiptap copies plain options when it reads them, which it does when it makes the plugins, after onBeforeCreate.
  const ySyncOptions: TextStart['ySyncOptions'] = {};
  const onBeforeCreate = ({ editor }: { editor: Editor }) => {
    if (text.length === 0) return;
    try {
      const start = initProseMirrorDoc(text, editor.schema);
      start.doc.check();
      // Tiptap takes a ProseMirror node as content as it is (isProseMirrorContent), though its type does not say so.
      editor.options.content = start.doc as unknown as Content;
      ySyncOptions.mapping = start.mapping;
    } catch (error) {
      console.error('The page could not be drawn from its text before the editor started; the editor draws it itself.', error);
    }
  };
  return { ySyncOptions, onBeforeCreate };
}

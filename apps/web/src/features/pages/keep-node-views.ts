import type { Editor } from '@tiptap/core';

/**
 * Tiptap hands ProseMirror the node views when it makes the view, then again, as new functions, when EditorContent
 * mounts (Editor.createNodeViews). ProseMirror compares node views by identity, so that second call draws the whole
 * page again: a 1,000-block page was drawn twice on every open (bench:pages' profile, issue 33; tiptap#6286). The
 * page's node views are plain DOM (the to-do's) and need nothing EditorContent brings, so the second call is skipped
 * while the view already has a node view and a mark view for every extension that makes one; otherwise Tiptap's own
 * call runs. Call it before EditorContent mounts (onBeforeCreate).
 */
export function keepFirstNodeViews(editor: Editor): void {
  const createNodeViews = editor.createNodeViews.bind(editor);
  editor.createNodeViews = () => {
    const { nodeViews = {}, markViews = {} } = editor.view.props;
    const { extensionManager } = editor;
    const covers = (given: object, wanted: object) => Object.keys(wanted).every((name) => name in given);
    if (covers(nodeViews, extensionManager.nodeViews) && covers(markViews, extensionManager.markViews)) return;
    createNodeViews();
  };
}

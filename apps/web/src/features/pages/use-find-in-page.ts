import { foldWord } from '@grove/domain/search/search-text';
import { useEffect } from 'react';
import { scrollBehavior } from '@/lib/motion.ts';

/** The highlight's name in CSS (`::highlight(grove-find)`, page-editor.css). */
export const FIND_HIGHLIGHT = 'grove-find';
/** Frames to wait for the editor to draw the page's text (it loads with its own chunk). */
const MAX_FRAMES = 600;

/** The first place `word` stands in the element's text, as a whole word, case and accents ignored. */
export function findWord(root: Element, word: string): Range | null {
  const wanted = foldWord(word);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const found of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
      if (foldWord(found[0]) !== wanted) continue;
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      return range;
    }
  }
  return null;
}

/**
 * A page opened from search (issue 32, `?find=<word>`): once the editor has drawn the text, the first place the
 * word stands is scrolled to the middle and highlighted with the CSS Custom Highlight API (the document is not
 * touched) until the user types or leaves the page.
 */
export function useFindInPage(word: string | null, root: () => Element | null, onDone: () => void): void {
  useEffect(() => {
    if (word === null) return;
    let frame = 0;
    let frames = 0;
    let stop = () => {};
    const look = () => {
      const editor = root();
      const range = editor ? findWord(editor, word) : null;
      if (!editor || !range) {
        frames += 1;
        if (frames < MAX_FRAMES) frame = requestAnimationFrame(look);
        else onDone();
        return;
      }
      range.startContainer.parentElement?.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
      if (typeof Highlight === 'undefined' || !('highlights' in CSS)) return;
      CSS.highlights.set(FIND_HIGHLIGHT, new Highlight(range));
      const clear = () => {
        CSS.highlights.delete(FIND_HIGHLIGHT);
        onDone();
      };
      editor.addEventListener('beforeinput', clear, { once: true });
      stop = () => {
        editor.removeEventListener('beforeinput', clear);
        CSS.highlights.delete(FIND_HIGHLIGHT);
      };
    };
    frame = requestAnimationFrame(look);
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
  }, [onDone, root, word]);
}

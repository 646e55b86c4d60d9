import type { WorkspaceCommand } from '@grove/domain/workspace/command';
import { useMemo, useState } from 'react';
import type { HistoryEntry } from './store-types.ts';
import { useWorkspaceStore } from './workspace-provider.tsx';

export interface TypedEdit {
  /** The text as it stands now: in the workspace at once, outside the undo history. */
  readonly type: (text: string) => void;
  /** Ends the edit with this text (null: the text before the edit) as one undo step; returns it, or null. */
  readonly finish: (text: string | null) => HistoryEntry | null;
}

/**
 * An inline field that edits one stored text (a mind-map label, a column title) through its named command, committed
 * as typed: each change goes to the workspace at once, which is saved when the tab is hidden or closed, so a reload
 * or a closed tab loses nothing (decision 064). Keystrokes stay out of the undo history; ending the edit puts the
 * text from before back and applies the final text as one step, which is what Ctrl+Z undoes. A blank text stands
 * for the text before the edit, as the rename commands keep the old text for a blank one.
 */
export function useCommitAsTyped<Input>(
  command: WorkspaceCommand<Input>,
  inputFor: (text: string) => Input,
  before: string,
): TypedEdit {
  const store = useWorkspaceStore();
  // Read once, when the edit begins: the stored text changes as the user types; the object edited does not.
  const [{ original, toInput }] = useState(() => ({ original: before, toInput: inputFor }));
  return useMemo(() => ({
    type: (text) => {
      store.dispatch(command, toInput(text.trim() === '' ? original : text), { undoable: false });
    },
    finish: (text) => {
      store.dispatch(command, toInput(original), { undoable: false });
      return text === null ? null : store.dispatch(command, toInput(text));
    },
  }), [command, original, store, toInput]);
}

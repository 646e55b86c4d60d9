import { createContext, use } from 'react';
import type { BoardCommands } from './use-board-commands.ts';

/** What a card or a column asks of the board: dialogs and confirms live once, on the board, not per card. */
export interface BoardActions {
  readonly commands: BoardCommands;
  openCreate: (columnId?: string) => void;
  openEdit: (taskId: string) => void;
  askDeleteTask: (taskId: string) => void;
  askDeleteColumn: (columnId: string) => void;
  askClearCompleted: (columnId: string) => void;
}

export const BoardActionsContext = createContext<BoardActions | null>(null);

export function useBoardActions(): BoardActions {
  const actions = use(BoardActionsContext);
  if (!actions) throw new Error('useBoardActions must be used inside the board.');
  return actions;
}

/** Where a dragged task would land, for the drop line: before a card, or at the end of a column (null). */
export interface DropHint {
  readonly columnId: string;
  readonly beforeTaskId: string | null;
}

export const DropHintContext = createContext<DropHint | null>(null);

/** A column whose title should start its inline edit (a column just added). */
export const RenameRequestContext = createContext<{ columnId: string | null; done: () => void }>({ columnId: null, done: () => undefined });

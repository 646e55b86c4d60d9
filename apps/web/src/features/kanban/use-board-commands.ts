import { completionOutcome, type CompletionOutcome } from '@grove/domain/gamification/complete-task';
import { addColumn, deleteColumn, moveColumn } from '@grove/domain/kanban/column-commands';
import { moveTask, moveTaskToColumn, type DropTarget } from '@grove/domain/kanban/move-commands';
import { clearCompleted, createTask, deleteTask, updateTask, type CreateTaskInput, type UpdateTaskInput } from '@grove/domain/kanban/task-commands';
import { generateId } from '@grove/domain/workspace/ids';
import { useMemo } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { noteRecentItem } from '@/lib/recent-items.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { celebrate } from './celebration.tsx';

/**
 * The board's commands with what the user is told: success toasts, Undo on the destructive ones, and the
 * celebration when a move completes a task. Each returns whether the workspace changed.
 */
export function useBoardCommands() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();

  return useMemo(() => {
    const completing = (run: () => unknown): boolean => {
      const before = store.getSnapshot().data;
      run();
      const after = store.getSnapshot().data;
      const outcome: CompletionOutcome = completionOutcome(before, after);
      if (outcome.points > 0) celebrate(outcome, t);
      return before !== after;
    };
    const changed = (run: () => unknown): boolean => {
      const before = store.getSnapshot().data;
      run();
      return store.getSnapshot().data !== before;
    };

    return {
      createTask: (input: Omit<CreateTaskInput, 'id'>): boolean => {
        const id = generateId('item');
        const ok = changed(() => store.dispatch(createTask, { ...input, id }));
        if (ok) {
          toast.success(t('kanban.toast.created'));
          // A task made here is one the command palette offers again (issue 32).
          noteRecentItem({ kind: 'task', id });
        }
        return ok;
      },
      updateTask: (input: UpdateTaskInput): boolean => {
        store.dispatch(updateTask, input);
        toast.success(t('kanban.toast.updated'));
        return true;
      },
      deleteTask: (taskId: string): void => {
        notifyDone(t('kanban.toast.deleted'), store.dispatch(deleteTask, { id: taskId }));
      },
      moveTask: (taskId: string, over: DropTarget | null): boolean => completing(() => store.dispatch(moveTask, { taskId, over })),
      moveTaskToColumn: (taskId: string, columnId: string): boolean =>
        completing(() => store.dispatch(moveTaskToColumn, { taskId, columnId })),
      addColumn: (): string => {
        const id = generateId('column');
        store.dispatch(addColumn, { id });
        return id;
      },
      moveColumn: (id: string, toIndex: number): void => {
        store.dispatch(moveColumn, { id, toIndex });
      },
      deleteColumn: (id: string, title: string): void => {
        notifyDone(t('kanban.toast.columnDeleted', { title }), store.dispatch(deleteColumn, { id }));
      },
      clearCompleted: (columnId: string, count: number): void => {
        notifyDone(t('kanban.toast.cleared', { count }), store.dispatch(clearCompleted, { columnId }));
      },
    };
  }, [notifyDone, store, t]);
}

export type BoardCommands = ReturnType<typeof useBoardCommands>;

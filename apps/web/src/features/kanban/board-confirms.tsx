import { selectColumn, selectTask } from '@grove/domain/workspace/selectors';
import type { StudioData } from '@grove/domain/workspace/model';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import type { BoardCommands } from './use-board-commands.ts';

export type BoardConfirm =
  | { readonly kind: 'deleteTask'; readonly taskId: string }
  | { readonly kind: 'deleteColumn'; readonly columnId: string }
  | { readonly kind: 'clearCompleted'; readonly columnId: string };

interface BoardConfirmsProps {
  confirm: BoardConfirm | null;
  onClose: () => void;
  /** After a task is deleted (its edit dialog, if open, closes too). */
  onTaskDeleted: () => void;
  commands: BoardCommands;
}

/** The board's three confirms, one at a time: delete a task, delete a column with its tasks, clear completed. */
export function BoardConfirms({ confirm, onClose, onTaskDeleted, commands }: BoardConfirmsProps) {
  const { t } = useTranslation();
  const taskId = confirm?.kind === 'deleteTask' ? confirm.taskId : null;
  const columnId = confirm && confirm.kind !== 'deleteTask' ? confirm.columnId : null;
  const task = useWorkspaceSelector(useCallback((data: StudioData) => (taskId === null ? undefined : selectTask(data, taskId)), [taskId]));
  const column = useWorkspaceSelector(
    useCallback((data: StudioData) => (columnId === null ? undefined : selectColumn(data, columnId)), [columnId]),
  );
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };

  if (confirm?.kind === 'deleteTask' && task) {
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={t('kanban.confirm.deleteTaskTitle')}
        description={t('kanban.confirm.deleteTask', { title: task.content })}
        confirmLabel={t('kanban.confirm.delete')}
        cancelLabel={t('kanban.dialog.cancel')}
        destructive
        onConfirm={() => {
          commands.deleteTask(task.id);
          onTaskDeleted();
        }}
      />
    );
  }
  if (confirm?.kind === 'deleteColumn' && column) {
    const count = column.itemIds.length;
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={t('kanban.confirm.deleteColumnTitle', { title: column.title })}
        description={count === 0 ? t('kanban.confirm.deleteEmptyColumn') : t('kanban.confirm.deleteColumn', { count })}
        confirmLabel={t('kanban.confirm.deleteColumnButton')}
        cancelLabel={t('kanban.dialog.cancel')}
        destructive
        onConfirm={() => commands.deleteColumn(column.id, column.title)}
      />
    );
  }
  if (confirm?.kind === 'clearCompleted' && column) {
    const count = column.itemIds.length;
    return (
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title={t('kanban.confirm.clearTitle')}
        description={t('kanban.confirm.clear', { count, title: column.title })}
        confirmLabel={t('kanban.confirm.clearButton')}
        cancelLabel={t('kanban.dialog.cancel')}
        destructive
        onConfirm={() => commands.clearCompleted(column.id, count)}
      />
    );
  }
  return null;
}

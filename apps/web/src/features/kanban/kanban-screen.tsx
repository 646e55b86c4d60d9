import { defaultTaskColumn } from '@grove/domain/kanban/selectors';
import type { StudioData } from '@grove/domain/workspace/model';
import { Columns3, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { scrollBehavior } from '@/lib/motion.ts';
import { noteRecentItem } from '@/lib/recent-items.ts';
import { useLinkParams } from '@/lib/use-link-params.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { BoardActionsContext, RenameRequestContext, type BoardActions } from './board-context.ts';
import { BoardConfirms, type BoardConfirm } from './board-confirms.tsx';
import { FilterBar } from './filter-bar.tsx';
import { KanbanBoard } from './kanban-board.tsx';
import { TaskDialog, type TaskDialogState } from './task-dialog.tsx';
import { useBoardCommands } from './use-board-commands.ts';
import { useBoardFilter } from './use-board-filter.ts';

const selectHasColumns = (data: StudioData) => data.kanbanBoard.columns.length > 0;
const selectHasTaskColumn = (data: StudioData) => defaultTaskColumn(data.kanbanBoard.columns) !== undefined;

/** Links from other screens: ?new=1 opens the task modal to create, ?task=<id> that task's modal. */
const LINK_PARAMS = ['new', 'task', 'column'] as const;

function NoColumns({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <Columns3 aria-hidden className="mb-3 h-10 w-10 text-muted-foreground" />
      <p className="text-lg font-semibold">{t('kanban.empty.title')}</p>
      <p className="mt-1 max-w-sm text-muted-foreground">{t('kanban.empty.hint')}</p>
      <Button className="mt-5" onClick={onAdd}><Plus aria-hidden className="h-4 w-4" />{t('kanban.addColumn')}</Button>
    </div>
  );
}

/** Kanban board (docs/product.md, Kanban board): header, filter bar, the columns, and the task modal. */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'kanban', path: '/kanban-board' });
  const commands = useBoardCommands();
  const [filter, setFilter] = useBoardFilter();
  const [dialog, setDialog] = useState<TaskDialogState | null>(null);
  const [confirm, setConfirm] = useState<BoardConfirm | null>(null);
  const [renameColumnId, setRenameColumnId] = useState<string | null>(null);
  const hasColumns = useWorkspaceSelector(selectHasColumns);
  const canCreate = useWorkspaceSelector(selectHasTaskColumn);

  const actions = useMemo<BoardActions>(() => ({
    commands,
    openCreate: (columnId) => setDialog({ mode: 'create', ...(columnId === undefined ? {} : { columnId }) }),
    openEdit: (taskId) => setDialog({ mode: 'edit', taskId }),
    askDeleteTask: (taskId) => setConfirm({ kind: 'deleteTask', taskId }),
    askDeleteColumn: (columnId) => setConfirm({ kind: 'deleteColumn', columnId }),
    askClearCompleted: (columnId) => setConfirm({ kind: 'clearCompleted', columnId }),
  }), [commands]);
  const renameRequest = useMemo(() => ({ columnId: renameColumnId, done: () => setRenameColumnId(null) }), [renameColumnId]);

  const addColumn = () => {
    const id = commands.addColumn();
    setRenameColumnId(id);
    // The new column is last: bring it into view once it is drawn.
    requestAnimationFrame(() => document.querySelector(`[data-column-id="${CSS.escape(id)}"]`)?.scrollIntoView({ behavior: scrollBehavior(), inline: 'nearest', block: 'nearest' }));
  };
  const createTask = () => {
    if (canCreate) setDialog({ mode: 'create' });
    else toast.error(t('kanban.toast.noColumn'));
  };
  useLinkParams(LINK_PARAMS, (link) => {
    if (link.task) setDialog({ mode: 'edit', taskId: link.task });
    else if (link.new !== undefined) createTask();
    else if (link.column !== undefined) addColumn();
  });
  // A task opened is one the command palette offers again (issue 32).
  useEffect(() => {
    if (dialog?.mode === 'edit') noteRecentItem({ kind: 'task', id: dialog.taskId });
  }, [dialog]);

  return (
    <BoardActionsContext value={actions}>
      <RenameRequestContext value={renameRequest}>
        <ScreenHeader
          title={title}
          subtitle={description}
          actions={(
            <>
              <Button variant="secondary" onClick={addColumn}><Columns3 aria-hidden className="h-4 w-4" />{t('kanban.addColumn')}</Button>
              <Button onClick={createTask}><Plus aria-hidden className="h-4 w-4" />{t('kanban.createTask')}</Button>
            </>
          )}
        />
        {hasColumns ? (
          <>
            <FilterBar filter={filter} onChange={setFilter} />
            <KanbanBoard filter={filter} />
          </>
        ) : <NoColumns onAdd={addColumn} />}
        <TaskDialog state={dialog} onClose={() => setDialog(null)} />
        <BoardConfirms
          confirm={confirm}
          onClose={() => setConfirm(null)}
          onTaskDeleted={() => setDialog(null)}
          commands={commands}
        />
      </RenameRequestContext>
    </BoardActionsContext>
  );
}

import { selectToDoPreview } from '@grove/domain/dashboard/dashboard-selectors';
import { isOverdue, priorityColour } from '@grove/domain/kanban/selectors';
import { priorityOf } from '@grove/domain/kanban/task-fields';
import type { KanbanItem } from '@grove/domain/workspace/model';
import { CalendarDays, KanbanSquare, ListTodo } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { shortDate } from './dashboard-dates.ts';
import { NEW_TASK_LINK, taskLink } from './dashboard-links.ts';
import { DashboardPanel, PanelEmpty, PanelList, rowLink } from './dashboard-panel.tsx';

// Kanban To-Do (docs/product.md, Dashboard): the first five tasks of the column titled 'to-do'.

const PRIORITY_STYLES = {
  red: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  yellow: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  blue: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200',
} as const;

function ToDoRow({ task, now }: { task: KanbanItem; now: Date }) {
  const { t } = useTranslation();
  const due = task.dueDate === undefined ? '' : shortDate(task.dueDate);
  // Marked as on the board's card, so a task past its date does not read like any other here.
  const overdue = isOverdue(task, now);
  return (
    <li>
      <Link to={taskLink(task.id)} className={rowLink}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium" title={task.content}>{task.content}</span>
          {due === '' ? null : (
            <span className={cn('mt-0.5 flex items-center gap-1 text-xs', overdue ? 'font-semibold text-danger' : 'text-muted-foreground')}>
              <CalendarDays aria-hidden className="h-3.5 w-3.5" />
              {t(overdue ? 'dashboard.todo.overdue' : 'dashboard.todo.due', { date: due })}
            </span>
          )}
        </span>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', PRIORITY_STYLES[priorityColour(task)])}>
          {t(`kanban.priority.${priorityOf(task)}`)}
        </span>
      </Link>
    </li>
  );
}

export function ToDoPanel({ now }: { now: Date }) {
  const { t } = useTranslation();
  const { column, tasks, total } = useWorkspaceSelector(selectToDoPreview);
  const columnTitle = column?.title.trim() ?? '';
  const more = total - tasks.length;
  return (
    <DashboardPanel
      title={t('dashboard.todo.title')}
      icon={ListTodo}
      tone="bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200"
      viewAllTo={APP_PATHS.kanban}
      badge={total > 0 ? (
        <span className="relative shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums dark:bg-white/10">
          <span aria-hidden>{total}</span>
          <span className="sr-only">{t('dashboard.todo.count', { count: total, column: columnTitle })}</span>
        </span>
      ) : null}
      footer={more > 0 ? (
        <p className="border-t border-border px-5 py-3 text-sm text-muted-foreground">
          {t('dashboard.todo.more', { count: more, column: columnTitle })}
        </p>
      ) : null}
    >
      {tasks.length > 0 ? (
        <PanelList>{tasks.map((task) => <ToDoRow key={task.id} task={task} now={now} />)}</PanelList>
      ) : column ? (
        <PanelEmpty
          icon={ListTodo}
          title={t('dashboard.todo.empty')}
          hint={t('dashboard.todo.emptyHint')}
          action={{ to: NEW_TASK_LINK, label: t('dashboard.todo.addTask') }}
        />
      ) : (
        <PanelEmpty
          icon={ListTodo}
          title={t('dashboard.todo.noColumn')}
          hint={t('dashboard.todo.noColumnHint')}
          action={{ to: APP_PATHS.kanban, label: t('dashboard.todo.openBoard'), icon: KanbanSquare }}
        />
      )}
    </DashboardPanel>
  );
}

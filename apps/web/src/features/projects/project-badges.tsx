import type { Priority, ProjectStatus } from '@grove/domain/workspace/model';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';

const STATUS_STYLES: Readonly<Record<ProjectStatus, string>> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200',
  'on-hold': 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  completed: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200',
};

const PRIORITY_STYLES: Readonly<Record<Priority, string>> = {
  high: 'border-red-300 text-red-700 dark:border-red-400/40 dark:text-red-300',
  medium: 'border-amber-300 text-amber-700 dark:border-amber-400/40 dark:text-amber-200',
  low: 'border-sky-300 text-sky-700 dark:border-sky-400/40 dark:text-sky-200',
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[status])}>{t(`projects.status.${status}`)}</span>;
}

/** Outlined, so status (filled) and priority read apart without relying on colour. */
export function PriorityBadge({ priority }: { priority: Priority }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-full border px-2 py-0.5 text-xs font-semibold', PRIORITY_STYLES[priority])}>
      {t('projects.priorityLabel', { priority: t(`projects.priority.${priority}`) })}
    </span>
  );
}

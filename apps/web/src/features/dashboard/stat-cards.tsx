import { selectDashboardStats, type DashboardStats } from '@grove/domain/dashboard/dashboard-selectors';
import { ArrowRight, CircleCheckBig, FileText, FolderKanban, KanbanSquare, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { IconTile } from './dashboard-panel.tsx';

// The four stat cards (docs/product.md, Dashboard), each a link to the screen its figure comes from.

interface StatDefinition {
  key: keyof DashboardStats;
  to: string;
  icon: LucideIcon;
  tone: string;
}

const STATS: readonly StatDefinition[] = [
  { key: 'activeProjects', to: APP_PATHS.projects, icon: FolderKanban, tone: 'bg-accent text-accent-foreground' },
  { key: 'kanbanTasks', to: APP_PATHS.kanban, icon: KanbanSquare, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200' },
  { key: 'totalPages', to: APP_PATHS.pages, icon: FileText, tone: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200' },
  {
    key: 'completedProjects',
    to: APP_PATHS.projects,
    icon: CircleCheckBig,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  },
];

export function StatCards() {
  const { t, i18n } = useTranslation();
  const stats = useWorkspaceSelector(selectDashboardStats);
  return (
    <section aria-label={t('dashboard.overview')} className="mb-6">
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {STATS.map(({ key, to, icon, tone }) => (
          <li key={key} className="min-w-0">
            <Link
              to={to}
              data-stat={key}
              className={cn(
                'group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card transition-colors sm:p-5',
                'hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              )}
            >
              <span className="flex items-start justify-between">
                <IconTile icon={icon} className={tone} />
                <ArrowRight
                  aria-hidden
                  className="h-4 w-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                />
              </span>
              <span className="flex flex-col-reverse">
                <span className="text-sm text-muted-foreground">{t(`dashboard.stats.${key}`)}</span>
                <span className="text-3xl font-bold tracking-tight tabular-nums">{stats[key].toLocaleString(i18n.language)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

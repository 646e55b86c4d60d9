import { selectRecentPages, selectRecentProjects } from '@grove/domain/dashboard/dashboard-selectors';
import type { Page, Project, ProjectStatus } from '@grove/domain/workspace/model';
import { FileText, FolderKanban } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { PageIcon } from '@/components/page-icon.tsx';
import { cn } from '@/components/ui/cn.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { listDate } from './dashboard-dates.ts';
import { NEW_PAGE_LINK, NEW_PROJECT_LINK, pageLink, projectLink } from './dashboard-links.ts';
import { DashboardPanel, IconTile, PanelEmpty, PanelList, rowLink } from './dashboard-panel.tsx';

// Recent Projects and Recent Pages (docs/product.md, Dashboard): the five newest of each by creation.

const STATUS_STYLES: Record<ProjectStatus, string> = {
  active: 'bg-accent text-accent-foreground',
  'on-hold': 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  completed: 'bg-muted text-muted-foreground dark:bg-white/10',
};

function ProjectRow({ project }: { project: Project }) {
  const { t } = useTranslation();
  const created = listDate(project.createdAt);
  return (
    <li>
      <Link to={projectLink(project.id)} className={rowLink}>
        <IconTile icon={FolderKanban} className="bg-accent text-accent-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium" title={project.name}>{project.name}</span>
          {created === '' ? null : (
            <time dateTime={project.createdAt} className="mt-0.5 block text-xs text-muted-foreground">{created}</time>
          )}
        </span>
        <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[project.status])}>
          {t(`dashboard.projects.status.${project.status}`)}
        </span>
      </Link>
    </li>
  );
}

export function RecentProjectsPanel() {
  const { t } = useTranslation();
  const projects = useWorkspaceSelector(selectRecentProjects);
  return (
    <DashboardPanel
      title={t('dashboard.projects.title')}
      icon={FolderKanban}
      tone="bg-accent text-accent-foreground"
      viewAllTo={APP_PATHS.projects}
    >
      {projects.length > 0 ? (
        <PanelList>{projects.map((project) => <ProjectRow key={project.id} project={project} />)}</PanelList>
      ) : (
        <PanelEmpty
          icon={FolderKanban}
          title={t('dashboard.projects.empty')}
          hint={t('dashboard.projects.emptyHint')}
          action={{ to: NEW_PROJECT_LINK, label: t('dashboard.projects.create') }}
        />
      )}
    </DashboardPanel>
  );
}

function PageRow({ page }: { page: Page }) {
  const { t } = useTranslation();
  const created = listDate(page.createdAt);
  const title = page.title.trim() === '' ? t('dashboard.pages.untitled') : page.title;
  return (
    <li>
      <Link to={pageLink(page.id)} className={rowLink}>
        <PageIcon icon={page.icon} className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-muted text-lg dark:bg-white/5" />
        <span className="min-w-0 flex-1 truncate font-medium" title={title}>{title}</span>
        {created === '' ? null : <time dateTime={page.createdAt} className="shrink-0 text-xs text-muted-foreground">{created}</time>}
      </Link>
    </li>
  );
}

export function RecentPagesPanel() {
  const { t } = useTranslation();
  const pages = useWorkspaceSelector(selectRecentPages);
  return (
    <DashboardPanel
      title={t('dashboard.pages.title')}
      icon={FileText}
      tone="bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200"
      viewAllTo={APP_PATHS.pages}
    >
      {pages.length > 0 ? (
        <PanelList>{pages.map((page) => <PageRow key={page.id} page={page} />)}</PanelList>
      ) : (
        <PanelEmpty
          icon={FileText}
          title={t('dashboard.pages.empty')}
          hint={t('dashboard.pages.emptyHint')}
          action={{ to: NEW_PAGE_LINK, label: t('dashboard.pages.create') }}
        />
      )}
    </DashboardPanel>
  );
}

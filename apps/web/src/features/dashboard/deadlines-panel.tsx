import { selectUpcomingDeadlines, type Deadline } from '@grove/domain/dashboard/upcoming-deadlines';
import type { StudioData } from '@grove/domain/workspace/model';
import { CalendarClock, FolderKanban, ListTodo } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { listDate, relativeDue } from './dashboard-dates.ts';
import { NEW_PROJECT_LINK, projectLink, taskLink } from './dashboard-links.ts';
import { DashboardPanel, IconTile, PanelEmpty, PanelList, rowLink } from './dashboard-panel.tsx';

// Upcoming Deadlines (docs/product.md, Dashboard; decision 044): projects and tasks due in the future, soonest
// first, each marked by its kind, with a relative time. 'View all' opens the calendar, where both kinds are shown.

const KIND = {
  project: { icon: FolderKanban, tone: 'bg-accent text-accent-foreground' },
  task: { icon: ListTodo, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200' },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function DeadlineRow({ deadline, now }: { deadline: Deadline; now: Date }) {
  const { t } = useTranslation();
  const relative = relativeDue(deadline, now);
  // Due within a day (today, tomorrow, or an instant less than 24 hours off): drawn in the warning colour.
  const soon = 'key' in relative || deadline.dueAt - now.getTime() < DAY_MS;
  const { icon, tone } = KIND[deadline.kind];
  return (
    <li>
      <Link to={deadline.kind === 'project' ? projectLink(deadline.id) : taskLink(deadline.id)} className={rowLink} data-kind={deadline.kind}>
        <IconTile icon={icon} className={tone} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium" title={deadline.title}>{deadline.title}</span>
          <span className="mt-0.5 block truncate text-xs text-muted-foreground">
            <span className="font-medium">{t(`dashboard.deadlines.kind.${deadline.kind}`)}</span>
            <span aria-hidden> · </span>
            <time dateTime={deadline.allDay ? deadline.day : new Date(deadline.dueAt).toISOString()}>{listDate(deadline.day)}</time>
          </span>
        </span>
        <span className={cn('shrink-0 text-right text-sm', soon ? 'font-semibold text-amber-700 dark:text-amber-300' : 'text-muted-foreground')}>
          {'key' in relative ? t(`dashboard.deadlines.${relative.key}`) : relative.text}
        </span>
      </Link>
    </li>
  );
}

export function DeadlinesPanel({ now }: { now: Date }) {
  const { t } = useTranslation();
  const select = useCallback((data: StudioData) => selectUpcomingDeadlines(data, now), [now]);
  const deadlines = useWorkspaceSelector(select);
  return (
    <DashboardPanel
      title={t('dashboard.deadlines.title')}
      icon={CalendarClock}
      tone="bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200"
      viewAllTo={APP_PATHS.calendar}
    >
      {deadlines.length > 0 ? (
        <PanelList>{deadlines.map((deadline) => <DeadlineRow key={`${deadline.kind}:${deadline.id}`} deadline={deadline} now={now} />)}</PanelList>
      ) : (
        <PanelEmpty
          icon={CalendarClock}
          title={t('dashboard.deadlines.empty')}
          hint={t('dashboard.deadlines.emptyHint')}
          action={{ to: NEW_PROJECT_LINK, label: t('dashboard.deadlines.createProject') }}
        />
      )}
    </DashboardPanel>
  );
}

import type { Project } from '@grove/domain/workspace/model';
import { isProjectOverdue } from '@grove/domain/projects/project-selectors';
import { localCalendarDay } from '@grove/domain/workspace/iso-date';
import { CalendarClock, CalendarDays, MoreHorizontal, Users } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/components/ui/cn.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { listDate } from '@/lib/dates.ts';
import { PriorityBadge, StatusBadge } from './project-badges.tsx';

/** The due day as lists read it, on the user's calendar. */
const dueLabel = (iso: string): string => {
  const [year, month, day] = localCalendarDay(iso).split('-').map(Number) as [number, number, number];
  return listDate(new Date(year, month - 1, day));
};

interface ProjectCardProps {
  project: Project;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Marked as the one a link or the command palette asked for, until focus leaves it. */
  highlighted?: boolean;
  onLeave?: () => void;
}

/** A project card: the name opens the edit modal; the menu (hover, or keyboard focus) offers Edit and Delete. */
export const ProjectCard = memo(function ProjectCard({ project, onEdit, onDelete, highlighted = false, onLeave }: ProjectCardProps) {
  const { t } = useTranslation();
  const overdue = isProjectOverdue(project, new Date());
  const progressLabel = t('projects.card.progressOf', { name: project.name });
  return (
    <li
      data-project-id={project.id}
      onBlur={(event) => {
        if (highlighted && !event.currentTarget.contains(event.relatedTarget)) onLeave?.();
      }}
      className={cn(
        'group relative flex flex-col rounded-xl border border-border bg-surface p-5 shadow-sm transition-shadow hover:shadow-card dark:bg-surface-raised',
        highlighted && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      <div className="flex items-start gap-2 pr-9">
        <h2 className="min-w-0 flex-1 text-base leading-snug font-semibold">
          <button
            type="button"
            onClick={() => onEdit(project.id)}
            title={project.name}
            className="rounded-sm text-left wrap-anywhere hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="line-clamp-3">{project.name}</span>
          </button>
        </h2>
      </div>
      <Menu modal={false}>
        <MenuTrigger
          aria-label={t('projects.card.actions', { name: project.name })}
          className={cn(
            'absolute top-4 right-4 rounded-md p-1.5 text-muted-foreground opacity-0 transition-opacity hover:bg-muted hover:text-foreground',
            'group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted',
            'data-[state=open]:opacity-100 pointer-coarse:p-2.5 pointer-coarse:opacity-100',
          )}
        >
          <MoreHorizontal aria-hidden className="h-4 w-4" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem onSelect={() => onEdit(project.id)}>{t('projects.card.edit')}</MenuItem>
          <MenuSeparator />
          <MenuItem destructive onSelect={() => onDelete(project.id)}>{t('projects.card.delete')}</MenuItem>
        </MenuContent>
      </Menu>
      {project.description === '' ? (
        <p className="mt-1.5 text-sm text-muted-foreground italic">{t('projects.card.noDescription')}</p>
      ) : (
        <p className="mt-1.5 line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{project.description}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-1.5">
        <StatusBadge status={project.status} />
        <PriorityBadge priority={project.priority} />
      </div>
      <div className="mt-auto pt-4">
        <div className="mb-1 flex justify-between text-xs text-muted-foreground">
          <span aria-hidden>{t('projects.card.progress')}</span>
          <span aria-hidden className="font-medium tabular-nums text-foreground">{t('projects.card.percent', { percent: project.progress })}</span>
        </div>
        <ProgressBar value={project.progress} label={progressLabel} transition="quick" className="dark:bg-white/10" />
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <div className="flex items-center gap-1" title={t('projects.card.created')}>
            <dt><CalendarDays aria-hidden className="h-3.5 w-3.5" /><span className="sr-only">{t('projects.card.created')}</span></dt>
            <dd>{listDate(project.createdAt)}</dd>
          </div>
          <div className="flex items-center gap-1" title={t('projects.card.team')}>
            <dt><Users aria-hidden className="h-3.5 w-3.5" /><span className="sr-only">{t('projects.card.team')}</span></dt>
            <dd>{t('projects.card.members', { count: project.teamSize })}</dd>
          </div>
          {project.dueDate === undefined ? null : (
            <div className={cn('flex items-center gap-1', overdue && 'font-semibold text-danger')} title={t('projects.card.due')}>
              <dt><CalendarClock aria-hidden className="h-3.5 w-3.5" /><span className="sr-only">{t('projects.card.due')}</span></dt>
              <dd>{overdue ? t('projects.card.overdue', { date: dueLabel(project.dueDate) }) : dueLabel(project.dueDate)}</dd>
            </div>
          )}
        </dl>
      </div>
    </li>
  );
});

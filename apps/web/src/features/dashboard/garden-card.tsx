import { selectGardenSummary } from '@grove/domain/dashboard/dashboard-selectors';
import { ArrowRight, Flame, Sprout } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';

// Beyond the product's dashboard (docs/product.md, Dashboard, Decided): the garden's level, score and streak in a
// small card that opens My Garden.

export function GardenCard({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const progress = useWorkspaceSelector(selectGardenSummary);
  const { score, streak } = progress;
  const percent = Math.round(progress.fraction * 100);
  const toNext = progress.next === null
    ? t('dashboard.garden.topLevel')
    : t('dashboard.garden.toNextLevel', { percent, level: progress.level + 1 });
  return (
    <Link
      to={APP_PATHS.garden}
      data-testid="garden-card"
      className={cn(
        'group flex items-center gap-3 rounded-xl border border-border bg-surface py-3 pr-3 pl-3.5 shadow-card transition-colors sm:w-72',
        'hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Sprout aria-hidden className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-semibold">{t('dashboard.garden.title')}</span>
          <span className="shrink-0 text-xs font-medium text-muted-foreground">{t('dashboard.garden.level', { level: progress.level })}</span>
        </span>
        <span aria-hidden className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-muted dark:bg-white/10">
          <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </span>
        <span className="sr-only">{toNext}</span>
        <span className="mt-1.5 flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="tabular-nums">{t('dashboard.garden.score', { score: score.toLocaleString(i18n.language) })}</span>
          <span className="flex items-center gap-1">
            <Flame aria-hidden className={cn('h-3.5 w-3.5', streak > 0 ? 'text-orange-600 dark:text-orange-400' : '')} />
            {t('dashboard.garden.streak', { count: streak })}
          </span>
        </span>
      </span>
      <ArrowRight aria-hidden className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

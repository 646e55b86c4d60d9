import { selectLevelProgress } from '@grove/domain/garden/garden-selectors';
import type { StudioData } from '@grove/domain/workspace/model';
import { Flame, Sparkles, Trophy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';

// The header card (docs/product.md, Garden): Level, Score in GP with the bar towards the next level, Day Streak.

const selectScore = (data: StudioData) => data.gamification.score;
const selectStreak = (data: StudioData) => data.gamification.streak;

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:h-11 sm:w-11">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      </div>
    </div>
  );
}

export function GardenStatsCard() {
  const { t, i18n } = useTranslation();
  const progress = useWorkspaceSelector(selectLevelProgress);
  const score = useWorkspaceSelector(selectScore);
  const streak = useWorkspaceSelector(selectStreak);
  const labelId = useId();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const percent = Math.round(progress.fraction * 100);
  const label = progress.next === null ? t('garden.stats.topLevel') : t('garden.stats.toNextLevel', { level: progress.level + 1 });
  return (
    <section aria-label={t('garden.stats.title')} className="mb-6 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-6">
      {/* Three across at every width: stacked on a phone they pushed the garden itself below the fold. There the
          score, the longest number, gets the widest column. */}
      <div className="grid grid-cols-[1fr_1.5fr_1fr] gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat icon={<Trophy className="h-5 w-5" aria-hidden="true" />} label={t('garden.stats.level')} value={number(progress.level)} />
        <Stat icon={<Sparkles className="h-5 w-5" aria-hidden="true" />} label={t('garden.stats.score')} value={t('garden.stats.points', { score: number(score) })} />
        <Stat icon={<Flame className="h-5 w-5" aria-hidden="true" />} label={t('garden.stats.streak')} value={number(streak)} />
      </div>
      <div className="mt-5">
        <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
          <span id={labelId} className="font-medium">{label}</span>
          <span className="text-muted-foreground tabular-nums">
            {progress.next === null
              ? t('garden.stats.points', { score: number(score) })
              : t('garden.stats.ofNext', { score: number(score), next: number(progress.next) })}
          </span>
        </div>
        <ProgressBar value={percent} labelledBy={labelId} valueText={t('garden.stats.percent', { percent })} size="md" transition="slow" />
      </div>
    </section>
  );
}

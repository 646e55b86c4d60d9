import type { CompletionOutcome } from '@grove/domain/gamification/complete-task';
import type { TFunction } from 'i18next';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';

/**
 * The small, non-blocking celebration of a completed task: the points earned, and a level reached or a garden
 * decoration unlocked by name. A toast, so it never takes focus or stops the next drag.
 */
export function celebrate(outcome: CompletionOutcome, t: TFunction): void {
  const details = [
    outcome.newLevel === null ? null : t('kanban.celebration.level', { level: outcome.newLevel }),
    ...outcome.unlocked.map((decoration) => t('kanban.celebration.unlocked', { decoration: t(`kanban.decoration.${decoration}`) })),
  ].filter((line): line is string => line !== null);
  toast.success(t('kanban.celebration.title', { points: outcome.points }), {
    id: 'task-completed',
    description: details.length > 0 ? details.join(' · ') : t('kanban.celebration.tree'),
    icon: <Sparkles aria-hidden className="h-4 w-4 text-amber-500 motion-safe:animate-bounce" />,
  });
}

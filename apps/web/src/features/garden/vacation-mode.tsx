import { onVacation } from '@grove/domain/gamification/vacation';
import { endVacation, startVacation } from '@grove/domain/garden/vacation-commands';
import type { StudioData } from '@grove/domain/workspace/model';
import { TreePalm } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { listDate } from '@/lib/dates.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';

// Vacation mode (issue 34, decision 073): off by default, in the garden's header. While on, overdue tasks do not
// wilt or kill trees and the streak does not reset; turning it off resumes the spec's rules from that day.

const selectVacation = (data: StudioData) => data.gamification.vacation;

/** The header's toggle: a button that stays pressed while vacation mode is on. */
export function VacationToggle() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const vacation = useWorkspaceSelector(selectVacation);
  const on = onVacation({ vacation });
  const toggle = () => {
    if (on) {
      store.dispatch(endVacation, {});
      toast.success(t('garden.vacation.ended'));
    } else {
      store.dispatch(startVacation, {});
      toast.success(t('garden.vacation.started'));
    }
  };
  return (
    <Button variant={on ? 'primary' : 'secondary'} aria-pressed={on} onClick={toggle}>
      <TreePalm aria-hidden className="h-4 w-4" />
      {t('garden.vacation.toggle')}
    </Button>
  );
}

/** Says, above the scene, that vacation mode is on and what it does. */
export function VacationNotice() {
  const { t } = useTranslation();
  const vacation = useWorkspaceSelector(selectVacation);
  if (!vacation || !onVacation({ vacation })) return null;
  return (
    <p role="status" className="mb-4 flex items-start gap-2 rounded-lg border border-border bg-accent px-4 py-3 text-sm text-accent-foreground">
      <TreePalm aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{t('garden.vacation.notice', { date: listDate(new Date(`${vacation.since}T00:00:00`)) })}</span>
    </p>
  );
}

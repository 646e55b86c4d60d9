import { isProtectedReason, RESTORE_POINT_BUDGETS } from '@grove/domain/backup/restore-point-rules';
import { format } from 'date-fns';
import { History, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { formatSize } from '@/lib/format-size.ts';
import { listRestorePoints, onRestorePointsChanged, type RestorePointInfo } from '@/lib/workspace-store/restore-points.ts';
import { restoreFromPoint } from '@/lib/workspace-store/workspace-actions.ts';
import { SettingsCard } from './settings-card.tsx';
import { useWholeWorkspaceMessage } from './use-sync-note.ts';
import { useWholeWorkspaceChange } from './use-whole-workspace-change.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy HH:mm:ss');

interface PointGroupProps {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  points: RestorePointInfo[];
  onRestore: (point: RestorePointInfo) => void;
}

/** One group of points, newest first, each with its kind and a Restore button. */
function PointGroup({ id, icon: Icon, title, description, points, onRestore }: PointGroupProps) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={id}>
      <h3 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-semibold">
        <Icon className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <ul className="mt-1 divide-y divide-border">
        {points.map((point) => (
          <li key={point.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">
              <span className="font-medium">{when(point.createdAt)}</span>
              {' '}
              <span className="text-muted-foreground">
                {t('settings.restorePoints.item', { reason: t(`settings.restorePoints.reason.${point.reason}`), size: formatSize(t, point.size) })}
              </span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => onRestore(point)}>{t('settings.restorePoints.restore')}</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every restore point, newest first, in two groups (decision 063): the protected ones (taken before the user's own
 * actions and data upgrades) and the automatic ones (daily, another tab's), each restorable.
 */
export function RestorePointsSection({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const changeWorkspace = useWholeWorkspaceChange(onChanged);
  const wholeWorkspaceMessage = useWholeWorkspaceMessage();
  const [points, setPoints] = useState<RestorePointInfo[] | 'unavailable' | null>(null);
  const [chosen, setChosen] = useState<RestorePointInfo | null>(null);
  // A point taken on its own (the day's first change) shows without waiting for the next action here.
  const [added, setAdded] = useState(0);
  useEffect(() => onRestorePointsChanged(() => setAdded((count) => count + 1)), []);

  useEffect(() => {
    let current = true;
    listRestorePoints().then(
      (list) => current && setPoints(list),
      (error: unknown) => {
        console.warn('Restore points are unavailable.', error);
        if (current) setPoints('unavailable');
      },
    );
    return () => {
      current = false;
    };
  }, [version, added]);

  const restore = async (point: RestorePointInfo) => {
    setChosen(null);
    await changeWorkspace((store) => restoreFromPoint(store, point.id), t('settings.restorePoints.restored', { date: when(point.createdAt) }));
  };

  return (
    <SettingsCard id="restore-points" title={t('settings.restorePoints.title')} description={t('settings.restorePoints.description')}>
      {points === 'unavailable' ? <p className="text-sm text-muted-foreground">{t('settings.restorePoints.unavailable')}</p> : null}
      {Array.isArray(points) && points.length === 0 ? <p className="text-sm text-muted-foreground">{t('settings.restorePoints.empty')}</p> : null}
      {Array.isArray(points) && points.length > 0 ? (
        <div className="flex flex-col gap-5" data-testid="restore-points">
          <PointGroup
            id="restore-points-protected"
            icon={ShieldCheck}
            title={t('settings.restorePoints.protected.title')}
            // The protected kinds share one count (restore-point-rules.test.ts holds them to it).
            description={t('settings.restorePoints.protected.description', { perKind: RESTORE_POINT_BUDGETS.import.count })}
            points={points.filter((point) => isProtectedReason(point.reason))}
            onRestore={setChosen}
          />
          <PointGroup
            id="restore-points-automatic"
            icon={History}
            title={t('settings.restorePoints.automatic.title')}
            description={t('settings.restorePoints.automatic.description', {
              days: RESTORE_POINT_BUDGETS.daily.count,
              conflicts: RESTORE_POINT_BUDGETS.conflict.count,
            })}
            points={points.filter((point) => !isProtectedReason(point.reason))}
            onRestore={setChosen}
          />
        </div>
      ) : null}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={t('settings.restorePoints.confirmTitle')}
        description={chosen ? wholeWorkspaceMessage(t('settings.restorePoints.confirmMessage', { date: when(chosen.createdAt) })) : ''}
        confirmLabel={t('settings.restorePoints.restore')}
        cancelLabel={t('settings.data.cancel')}
        onConfirm={() => {
          if (chosen) void restore(chosen);
        }}
      />
    </SettingsCard>
  );
}

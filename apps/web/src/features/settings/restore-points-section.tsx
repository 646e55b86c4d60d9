import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { formatSize } from '@/lib/format-size.ts';
import { listRestorePoints, type RestorePointInfo } from '@/lib/workspace-store/restore-points.ts';
import { restoreFromPoint } from '@/lib/workspace-store/workspace-actions.ts';
import { SettingsCard } from './settings-card.tsx';
import { useWholeWorkspaceChange } from './use-whole-workspace-change.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy HH:mm:ss');

/** The last five restore points (taken before imports and Clear All), each restorable. */
export function RestorePointsSection({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const changeWorkspace = useWholeWorkspaceChange(onChanged);
  const [points, setPoints] = useState<RestorePointInfo[] | 'unavailable' | null>(null);
  const [chosen, setChosen] = useState<RestorePointInfo | null>(null);

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
  }, [version]);

  const restore = async (point: RestorePointInfo) => {
    setChosen(null);
    await changeWorkspace((store) => restoreFromPoint(store, point.id), t('settings.restorePoints.restored', { date: when(point.createdAt) }));
  };

  return (
    <SettingsCard id="restore-points" title={t('settings.restorePoints.title')} description={t('settings.restorePoints.description')}>
      {points === 'unavailable' ? <p className="text-sm text-muted-foreground">{t('settings.restorePoints.unavailable')}</p> : null}
      {Array.isArray(points) && points.length === 0 ? <p className="text-sm text-muted-foreground">{t('settings.restorePoints.empty')}</p> : null}
      {Array.isArray(points) && points.length > 0 ? (
        <ul className="divide-y divide-border" data-testid="restore-points">
          {points.map((point) => (
            <li key={point.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="text-sm">
                <span className="font-medium">{when(point.createdAt)}</span>
                {' '}
                <span className="text-muted-foreground">
                  {t('settings.restorePoints.item', { reason: t(`settings.restorePoints.reason.${point.reason}`), size: formatSize(t, point.size) })}
                </span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => setChosen(point)}>{t('settings.restorePoints.restore')}</Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open) setChosen(null);
        }}
        title={t('settings.restorePoints.confirmTitle')}
        description={chosen ? t('settings.restorePoints.confirmMessage', { date: when(chosen.createdAt) }) : ''}
        confirmLabel={t('settings.restorePoints.restore')}
        cancelLabel={t('settings.data.cancel')}
        onConfirm={() => {
          if (chosen) void restore(chosen);
        }}
      />
    </SettingsCard>
  );
}

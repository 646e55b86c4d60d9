import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { downloadText, formatSize } from '@/lib/download.ts';
import { listKeptRecoveries } from '@/lib/workspace-store/workspace-actions.ts';
import { useWorkspace } from '@/lib/workspace-store/workspace-provider.tsx';
import { SettingsCard } from './settings-card.tsx';

const fileName = (keptAt: string) => `grove-unreadable-${keptAt.replace(/[:.]/g, '-')}.json`;

/** Unreadable stored data is never dropped: it is listed here for download until the user deletes it. */
export function RecoverySection({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { unkeptRecovery, store } = useWorkspace();
  // `version` changes after a delete, so the list is read again.
  const kept = version >= 0 ? listKeptRecoveries(window.localStorage) : [];
  if (kept.length === 0 && unkeptRecovery === null) return null;

  const remove = (key: string) => {
    window.localStorage.removeItem(key);
    onChanged();
  };

  return (
    <SettingsCard id="recovery" title={t('settings.recovery.title')} description={t('settings.recovery.description')}>
      <ul className="divide-y divide-border">
        {unkeptRecovery !== null ? (
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">{t('settings.recovery.unkept')} ({formatSize(unkeptRecovery.length)})</span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => downloadText(fileName(new Date().toISOString()), unkeptRecovery)}>
                {t('settings.recovery.download')}
              </Button>
              <Button size="sm" onClick={store.releaseRecovery}>{t('settings.recovery.release')}</Button>
            </span>
          </li>
        ) : null}
        {kept.map((item) => (
          <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">
              {t('settings.recovery.keptOn', { date: format(new Date(item.keptAt), 'MMM d, yyyy HH:mm') })} · {formatSize(item.size)}
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => downloadText(fileName(item.keptAt), window.localStorage.getItem(item.key) ?? '')}>
                {t('settings.recovery.download')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => remove(item.key)}>{t('settings.recovery.delete')}</Button>
            </span>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}

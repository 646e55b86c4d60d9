import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { downloadText } from '@/lib/download.ts';
import { formatSize } from '@/lib/format-size.ts';
import { listKeptRecoveries } from '@/lib/workspace-store/workspace-actions.ts';
import { useWorkspace } from '@/lib/workspace-store/workspace-provider.tsx';
import { SettingsCard } from './settings-card.tsx';

const fileName = (keptAt: string) => `grove-unreadable-${keptAt.replace(/[:.]/g, '-')}.json`;

type Pending = { kind: 'delete'; key: string } | { kind: 'release' };

/** Unreadable stored data is never dropped: it is listed here for download until the user deletes it. */
export function RecoverySection({ version, onChanged }: { version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const { unkeptRecovery, store } = useWorkspace();
  const [pending, setPending] = useState<Pending | null>(null);
  // `version` changes after a delete, so the list is read again.
  const kept = version >= 0 ? listKeptRecoveries(window.localStorage) : [];
  if (kept.length === 0 && unkeptRecovery === null) return null;

  const confirm = () => {
    if (pending?.kind === 'delete') window.localStorage.removeItem(pending.key);
    if (pending?.kind === 'release') store.releaseRecovery();
    setPending(null);
    onChanged();
  };

  return (
    <SettingsCard id="recovery" title={t('settings.recovery.title')} description={t('settings.recovery.description')}>
      <ul className="divide-y divide-border">
        {unkeptRecovery !== null ? (
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">{t('settings.recovery.unkept', { size: formatSize(t, unkeptRecovery.length) })}</span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => downloadText(fileName(new Date().toISOString()), unkeptRecovery)}>
                {t('settings.recovery.download')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'release' })}>{t('settings.recovery.release')}</Button>
            </span>
          </li>
        ) : null}
        {kept.map((item) => (
          <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="text-sm">
              {t('settings.recovery.item', { date: format(new Date(item.keptAt), 'MMM d, yyyy HH:mm'), size: formatSize(t, item.size) })}
            </span>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => downloadText(fileName(item.keptAt), window.localStorage.getItem(item.key) ?? '')}>
                {t('settings.recovery.download')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'delete', key: item.key })}>{t('settings.recovery.delete')}</Button>
            </span>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t(pending?.kind === 'release' ? 'settings.recovery.releaseTitle' : 'settings.recovery.deleteTitle')}
        description={t(pending?.kind === 'release' ? 'settings.recovery.releaseMessage' : 'settings.recovery.deleteMessage')}
        confirmLabel={t(pending?.kind === 'release' ? 'settings.recovery.release' : 'settings.recovery.delete')}
        cancelLabel={t('settings.data.cancel')}
        destructive
        onConfirm={confirm}
      />
    </SettingsCard>
  );
}

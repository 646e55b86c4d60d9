import { useTranslation } from '@/i18n/use-translation.ts';
import { useSyncView } from '@/lib/sync/page-sync.ts';

/**
 * A confirm's message for a change of the whole workspace (import, restore, Clear All), with the sentence that sync
 * carries it to the other devices when sync is on: it is merged there like any other change.
 */
export function useWholeWorkspaceMessage(): (message: string) => string {
  const { t } = useTranslation();
  const { on } = useSyncView();
  return (message) => (on ? `${message} ${t('settings.sync.affectsDevices')}` : message);
}

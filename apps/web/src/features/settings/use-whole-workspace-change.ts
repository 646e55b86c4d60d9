import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import type { HistoryEntry, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';

/**
 * Runs an import, Clear All or restore (each takes a restore point first): if the restore point fails nothing
 * changes and the user is told; otherwise success is told, with Undo, only once the change is stored (a failed
 * save has its own message from the store).
 */
export function useWholeWorkspaceChange(onChanged: () => void) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();
  return async (change: (store: WorkspaceStore) => Promise<HistoryEntry | null>, success: string): Promise<void> => {
    let entry: HistoryEntry | null;
    try {
      entry = await change(store);
    } catch (error) {
      console.error('Stopped before changing anything: no restore point could be taken.', error);
      toast.error(t('settings.data.restoreFailed'));
      return;
    }
    onChanged();
    if (await store.whenSaved()) notifyDone(success, entry);
  };
}

import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { useWorkspaceStore } from './workspace-provider.tsx';
import type { HistoryEntry, UndoResult } from './workspace-store.ts';

const UNDO_TOAST_ID = 'workspace-undo';

/**
 * Undo and redo with what the user is told: the step undone ('Undone: Delete task', with Redo), a step that
 * another change made impossible ('… could not be undone …'), or that there is nothing to undo since the tab opened.
 */
export function useUndo() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  // Command names are the locale's keys under 'commands'; a name without a label shows as it is.
  const label = useCallback((name: string) => t(`commands.${name}` as 'commands.clearWorkspace', { defaultValue: name }), [t]);

  const report = useCallback(function report(result: UndoResult, done: 'undone' | 'redone'): void {
    if (result.ok) {
      // The toast stays open (preventDefault) and shows the next result in place: sonner would otherwise delete it
      // after the click, taking along the update made under the same id while it closes.
      const again = {
        label: t(done === 'undone' ? 'undo.redo' : 'undo.undo'),
        onClick: (event: { preventDefault: () => void }) => {
          event.preventDefault();
          if (done === 'undone') report(store.redo(), 'redone');
          else report(store.undo(), 'undone');
        },
      };
      toast.success(t(done === 'undone' ? 'undo.undone' : 'undo.redone', { action: label(result.name) }), { id: UNDO_TOAST_ID, action: again });
    } else if (result.reason === 'conflict') {
      const key = done === 'undone' ? 'undo.undoConflict' : 'undo.redoConflict';
      toast.error(t(key, { action: label(result.name ?? '') }), { id: UNDO_TOAST_ID });
    } else if (result.reason === 'blocked') {
      toast.error(t('workspace.newerVersion'), { id: 'workspace-blocked' });
    } else {
      // The history is this tab's since it opened (a reload starts it again): say so rather than do nothing.
      toast(t(done === 'undone' ? 'undo.nothingToUndo' : 'undo.nothingToRedo'), { id: UNDO_TOAST_ID });
    }
  }, [label, store, t]);

  return {
    undo: useCallback((entryId?: number) => report(store.undo(entryId), 'undone'), [report, store]),
    redo: useCallback(() => report(store.redo(), 'redone'), [report, store]),
    /** A command's success toast; a destructive command's carries Undo, which undoes that very step. */
    notifyDone: useCallback((message: string, entry: HistoryEntry | null) => {
      const action = entry?.destructive ? { label: t('undo.undo'), onClick: () => report(store.undo(entry.id), 'undone') } : undefined;
      toast.success(message, { action });
    }, [report, store, t]),
  };
}

import { AlertTriangle, Check, CircleDashed } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { APP_PATHS } from '@/lib/paths.ts';
import { useWorkspaceSnapshotSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import type { WorkspaceSnapshot } from '@/lib/workspace-store/workspace-store.ts';

const selectSaveState = ({ status, blocked, saveError }: WorkspaceSnapshot) => ({ status, blocked, saveError });
const sameSaveState = (a: ReturnType<typeof selectSaveState>, b: ReturnType<typeof selectSaveState>) =>
  a.status === b.status && a.blocked === b.blocked && a.saveError === b.saveError;

/**
 * 'Saved' / 'Not saved' in the header. Quiet while saving goes well (it is not a live region: a status change
 * on every keystroke would be noise); the 'Not saved' button says why and acts: retry, reload or Settings.
 */
export function SaveIndicator() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useWorkspaceStore();
  // Only the save state: the header does not re-render on every change of the data.
  const { status, blocked, saveError } = useWorkspaceSnapshotSelector(selectSaveState, sameSaveState);

  if (status === 'error' || blocked) {
    const reason = blocked
      ? t(blocked.reason === 'newer-version' ? 'workspace.newerVersion' : 'workspace.recoveryNotKept')
      : t(saveError === 'quota' ? 'workspace.retryQuota' : 'workspace.retry');
    const act = () => {
      if (blocked?.reason === 'newer-version') window.location.reload();
      else if (blocked) void navigate(`${APP_PATHS.settings}#recovery`);
      else if (!store.flush()) {
        const quota = store.getSnapshot().saveError === 'quota';
        toast.error(t(quota ? 'workspace.saveFailedQuota' : 'workspace.saveFailed'), { id: 'workspace-save' });
      }
    };
    return (
      <Tooltip label={reason} side="bottom">
        <button
          type="button"
          onClick={act}
          data-testid="save-status"
          data-status="error"
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-danger hover:bg-muted"
        >
          <AlertTriangle className="h-4 w-4" aria-hidden="true" />
          {t('workspace.notSaved')}
          <span className="sr-only">{reason}</span>
        </button>
      </Tooltip>
    );
  }

  // 'Saving' holds still: it shows nearly all the time someone types (a save comes about once a second), and a spinning
  // icon there made the browser draw a new frame of the header, blur and all, every 16 ms of the typing: the page's
  // keystroke p95 went from 35.0 to 24.0 ms without it (bench:pages, docs/benchmarks.md 2026-11-29 (n)).
  return (
    <span data-testid="save-status" data-status={status} className="inline-flex items-center gap-1.5 px-2 py-1 text-sm text-muted-foreground">
      {status === 'pending'
        ? <CircleDashed className="h-4 w-4" aria-hidden="true" />
        : <Check className="h-4 w-4 text-primary" aria-hidden="true" />}
      {status === 'pending' ? t('workspace.saving') : t('workspace.saved')}
    </span>
  );
}

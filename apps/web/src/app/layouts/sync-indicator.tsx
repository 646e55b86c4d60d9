import { AlertTriangle, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { describeSync, type SyncState } from '@/lib/sync/sync-status.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useSyncView } from '@/lib/sync/page-sync.ts';

const ICONS: Record<SyncState, typeof CloudCheck> = { synced: CloudCheck, syncing: RefreshCw, offline: CloudOff, error: AlertTriangle };

/** Beside 'Saved' while sync is on: synced, syncing, offline or an error, each saying what it means; opens Settings → Sync. */
export function SyncIndicator() {
  const { t } = useTranslation();
  const view = useSyncView();
  if (!view.on) return null;
  const { state, label, hint } = describeSync(view, t);
  const Icon = ICONS[state];
  return (
    <Tooltip label={hint} side="bottom">
      <Link
        to={`${APP_PATHS.settings}#sync`}
        data-testid="sync-status"
        data-status={state}
        aria-label={t('workspace.sync.openSettings', { state: label })}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm hover:bg-muted',
          state === 'error' ? 'font-medium text-danger' : 'text-muted-foreground',
        )}
      >
        {/* Still while syncing, as 'Saving' beside it (save-indicator.tsx): each edit sends, so it shows while someone types. */}
        <Icon className={cn('h-4 w-4', state === 'synced' && 'text-primary')} aria-hidden="true" />
        <span className="hidden sm:inline">{label}</span>
      </Link>
    </Tooltip>
  );
}

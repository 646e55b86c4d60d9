import { readPairingFragment } from '@grove/domain/sync/sync-wire';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { addTexts } from '@/i18n/i18n.ts';
import syncJoinTexts from '@/i18n/locales/en/sync-join.json';
import { completeOnboarding } from '@/lib/access-flags.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { pageSync } from '@/lib/sync/page-sync.ts';
import { clearPendingPairing } from '@/lib/sync/pending-pairing.ts';
import { SyncJoinError, SyncRequestError } from '@/lib/sync/sync-errors.ts';
import { AlreadySyncingError } from '@/lib/sync/sync-controller.ts';
import { SyncIntegrityError } from '@/lib/sync/sync-crypto.ts';

addTexts(syncJoinTexts);

const isAppPath = (pathname: string) => Object.values(APP_PATHS).some((path) => pathname === path || pathname.startsWith(`${path}/`));

type Problem = 'incomplete' | 'already' | 'other' | 'gone' | 'offline' | 'integrity' | 'storage' | 'failed';

function problemOf(error: unknown): Problem {
  if (error instanceof AlreadySyncingError) return error.space === 'same' ? 'already' : 'other';
  if (error instanceof SyncRequestError) return error.status === 401 || error.status === 403 ? 'gone' : 'failed';
  if (error instanceof SyncIntegrityError) return 'integrity';
  if (error instanceof SyncJoinError) {
    const { status } = error;
    if (status.state === 'offline') return 'offline';
    if (status.state === 'error' && status.reason === 'integrity') return 'integrity';
    return status.state === 'error' && status.reason === 'refused' && (status.status === 401 || status.status === 403) ? 'gone' : 'failed';
  }
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'storage';
  return error instanceof TypeError ? 'offline' : 'failed';
}

/** The browser's workspace as stored now, kept as a "Before joining a sync space" restore point. */
async function keepWorkspace(): Promise<void> {
  const [{ pageStore }, { createRestorePoint }] = await Promise.all([
    import('@/lib/workspace-store/workspace-provider.tsx'), import('@/lib/workspace-store/restore-points.ts'),
  ]);
  pageStore().flush();
  const text = window.localStorage.getItem(STORAGE_KEYS.workspace);
  if (text !== null) await createRestorePoint(text, 'join');
}

/**
 * What a pairing link opened in this browser offers (decision 068): join the space, merging it with the workspace
 * here (a restore point first), or not. Shown on any page, before onboarding too.
 */
export function SyncJoinDialog({ fragment }: { fragment: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [joining, setJoining] = useState(false);
  const pairing = readPairingFragment(fragment);
  // A link cut short or changed: nothing to join.
  const [problem, setProblem] = useState<Problem | null>(pairing ? null : 'incomplete');
  const fresh = window.localStorage.getItem(STORAGE_KEYS.workspace) === null;

  const close = () => {
    if (!joining) clearPendingPairing();
  };

  const join = async () => {
    if (!pairing) return;
    setJoining(true);
    setProblem(null);
    try {
      const how = await pageSync().join(pairing, keepWorkspace);
      completeOnboarding();
      clearPendingPairing();
      toast.success(t('syncJoin.joined'));
      if (how === 'adopted' || !isAppPath(pathname)) await navigate(APP_PATHS.dashboard);
    } catch (error) {
      const found = problemOf(error);
      // A dead link or no network is the user's to fix and is said on screen; anything else is a fault of ours.
      if (found === 'failed') console.error('Joining the sync space failed.', error);
      setProblem(found);
    } finally {
      setJoining(false);
    }
  };

  const final = problem === 'already' || problem === 'other' || problem === 'incomplete';
  return (
    <Dialog open onOpenChange={(open) => !open && close()} title={t('syncJoin.title')} description={t('syncJoin.description')} closeLabel={t('syncJoin.close')}>
      <div className="flex flex-col gap-3 text-sm" data-testid="sync-join">
        <p>{fresh ? t('syncJoin.fresh') : t('syncJoin.restorePoint')}</p>
        <p className="text-muted-foreground">{t('syncJoin.secret')}</p>
        {problem ? <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-danger">{t(`syncJoin.${problem}`)}</p> : null}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        {final ? (
          <Button variant="primary" onClick={close}>{t('syncJoin.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={joining}>{t('syncJoin.cancel')}</Button>
            <Button variant="primary" onClick={() => void join()} disabled={joining} aria-busy={joining}>
              {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {joining ? t('syncJoin.joining') : t('syncJoin.join')}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

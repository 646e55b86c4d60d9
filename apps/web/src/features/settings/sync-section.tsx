import { Copy, Eye, EyeOff, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { inputStyles, labelStyles } from '@/components/ui/field-styles.ts';
import { describeSync, syncTime } from '@/lib/sync/sync-status.ts';
import { pageSync, useSyncView } from '@/lib/sync/page-sync.ts';
import type { SyncDevice } from '@/lib/sync/sync-api.ts';
import { SyncRequestError } from '@/lib/sync/sync-errors.ts';
import { SettingsCard } from './settings-card.tsx';

/** How often the devices list is read again while it is shown. */
const DEVICES_REFRESH_MS = 60_000;

type Reason = 'offline' | 'limit' | 'storage' | 'other';

function reasonOf(error: unknown): Reason {
  if (error instanceof SyncRequestError) return error.status === 429 ? 'limit' : 'other';
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return 'storage';
  return error instanceof TypeError ? 'offline' : 'other';
}

/** The pairing link's QR code, drawn by the qrcode package (loaded only here). */
function PairingQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((error: unknown) => {
        console.error('The QR code could not be drawn.', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [link]);
  if (failed) return <p className="text-sm text-muted-foreground">{t('settings.sync.qrFailed')}</p>;
  // Dark on white in both themes: what a camera reads best.
  return (
    <div className="h-44 w-44 shrink-0 rounded-lg bg-white p-1 ring-1 ring-border">
      {source ? <img src={source} alt={t('settings.sync.qrLabel')} className="h-full w-full" data-testid="sync-qr" /> : null}
    </div>
  );
}

function PairingLink({ link }: { link: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('settings.sync.copied'));
    } catch {
      toast.error(t('settings.sync.copyFailed'));
    }
  };
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <label htmlFor="sync-link" className={labelStyles}>{t('settings.sync.linkLabel')}</label>
        <div className="flex gap-2">
          <input id="sync-link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} className={inputStyles('font-mono text-xs', 'min-w-0 flex-1')} aria-describedby="sync-link-hint" />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden="true" />
            {t('settings.sync.copy')}
          </Button>
        </div>
        <p id="sync-link-hint" className="mt-2 text-sm text-muted-foreground">{t('settings.sync.linkHint')}</p>
      </div>
      <PairingQr link={link} />
    </div>
  );
}

function Devices() {
  const { t } = useTranslation();
  const [state, setState] = useState<{ devices: SyncDevice[]; thisDevice: string } | 'loading' | { failed: Reason }>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    pageSync().devices()
      .then((result) => live && setState(result ?? { devices: [], thisDevice: '' }))
      .catch((error: unknown) => live && setState({ failed: reasonOf(error) }));
    // Read again now and then while shown: another device may join or sync meanwhile.
    const timer = setTimeout(() => setAttempt((value) => value + 1), DEVICES_REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [attempt]);
  const retry = () => {
    setState('loading');
    setAttempt((value) => value + 1);
  };
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('settings.sync.devicesTitle')}</h3>
        <Button variant="ghost" size="sm" onClick={retry} disabled={state === 'loading'}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {t('settings.sync.devicesRefresh')}
        </Button>
      </div>
      {state === 'loading' ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground"><Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />{t('settings.sync.devicesLoading')}</p>
      ) : 'failed' in state ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <p role="alert" className="text-danger">{t('settings.sync.devicesFailed', { reason: t(`settings.sync.reason.${state.failed}`) })}</p>
          <Button variant="secondary" size="sm" onClick={retry}><RefreshCw className="h-4 w-4" aria-hidden="true" />{t('settings.sync.devicesRetry')}</Button>
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-lg border border-border" data-testid="sync-devices">
          {state.devices.map((device) => (
            <li key={device.device} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
              <span className="font-medium">
                {device.device === state.thisDevice ? t('settings.sync.thisDevice') : t('settings.sync.otherDevice', { id: device.device.slice(0, 6) })}
              </span>
              <span className="text-muted-foreground">{t('settings.sync.lastSync', { date: syncTime(device.lastSeenAt) })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Settings → Sync (decision 068): off by default; turn on, pair, see the devices, stop here, or delete the space. */
export function SyncSection() {
  const { t } = useTranslation();
  const view = useSyncView();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [showLink, setShowLink] = useState(false);
  const [confirming, setConfirming] = useState<'stop' | 'delete' | null>(null);
  const link = view.on ? pageSync().link() : null;

  const turnOn = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await pageSync().turnOn();
      setShowLink(true);
    } catch (error) {
      console.error('Sync could not be turned on.', error);
      setProblem(t('settings.sync.turnOnFailed', { reason: t(`settings.sync.reason.${reasonOf(error)}`) }));
    } finally {
      setBusy(false);
    }
  };

  const stop = () => {
    setConfirming(null);
    pageSync().stop();
    setShowLink(false);
    toast.success(t('settings.sync.stopped'));
  };

  const deleteSpace = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      await pageSync().deleteSpace();
      setShowLink(false);
      toast.success(t('settings.sync.deleted'));
    } catch (error) {
      console.error('The sync space could not be deleted.', error);
      toast.error(t('settings.sync.deleteFailed', { reason: t(`settings.sync.reason.${reasonOf(error)}`) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard id="sync" title={t('settings.sync.title')} description={t('settings.sync.description')}>
      {!view.on ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm">{t('settings.sync.offHint')}</p>
          <Button onClick={() => void turnOn()} disabled={busy} aria-busy={busy}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
            {busy ? t('settings.sync.turningOn') : t('settings.sync.turnOn')}
          </Button>
          {problem ? <p role="alert" className="text-sm text-danger">{problem}</p> : null}
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <SyncStatusLine view={view} />
          {link && showLink ? <PairingLink link={link} /> : null}
          <div>
            <Button variant="secondary" size="sm" onClick={() => setShowLink(!showLink)} aria-expanded={showLink}>
              {showLink ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
              {showLink ? t('settings.sync.hideLink') : t('settings.sync.showLink')}
            </Button>
          </div>
          <Devices key={view.spaceId} />
          <div className="flex flex-wrap gap-2 border-t border-border pt-4">
            <Button variant="secondary" onClick={() => setConfirming('stop')} disabled={busy}>{t('settings.sync.stop')}</Button>
            <Button variant="dangerGhost" onClick={() => setConfirming('delete')} disabled={busy}>{t('settings.sync.delete')}</Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'stop'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('settings.sync.stopTitle')}
        description={t('settings.sync.stopMessage')}
        confirmLabel={t('settings.sync.stopAction')}
        cancelLabel={t('settings.sync.cancel')}
        onConfirm={stop}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('settings.sync.deleteTitle')}
        description={t('settings.sync.deleteMessage')}
        confirmLabel={t('settings.sync.deleteAction')}
        cancelLabel={t('settings.sync.cancel')}
        destructive
        onConfirm={() => void deleteSpace()}
      />
    </SettingsCard>
  );
}

function SyncStatusLine({ view }: { view: Extract<ReturnType<typeof useSyncView>, { on: true }> }) {
  const { t } = useTranslation();
  const { state, label, hint } = describeSync(view, t);
  return (
    <div className="text-sm" data-testid="sync-settings-status" data-status={state}>
      <p><span className={state === 'error' ? 'font-semibold text-danger' : 'font-semibold'}>{label}</span> · {hint}</p>
      <p className="mt-1 text-muted-foreground">{t('settings.sync.since', { date: syncTime(view.since) })}</p>
    </div>
  );
}

import { WifiOff } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { APP_PATHS } from '@/lib/paths.ts';

/**
 * Shown in place of a site or admin screen that needs the server while the browser is offline (decision 055). It
 * says what works without a connection: the workspace, one link away.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16" data-testid="offline-notice">
      <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
        <WifiOff className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{t('pwa.offlineTitle')}</h1>
        <p role="status" className="mt-2 text-muted-foreground">{t('pwa.offlineBody')}</p>
        <p className="mt-6 text-sm text-muted-foreground">{t('pwa.offlineWorkspace')}</p>
        <Link to={APP_PATHS.dashboard} className={buttonStyles('primary', 'md', 'mt-4')}>{t('pwa.openWorkspace')}</Link>
      </div>
    </div>
  );
}

import { Component, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Button } from '@/components/ui/button.tsx';
import { useOnline } from '@/lib/use-online.ts';

/** Shown while the first screen's code loads. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}

/**
 * A screen failed to load or render (usually a new version was deployed, or the browser is offline before the
 * service worker has saved the app): offer a reload.
 */
export function RouteError() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{online ? t('errors.routeTitle') : t('pwa.offlineTitle')}</h1>
      <p className="text-muted-foreground">{online ? t('errors.routeBody') : t('pwa.offlineScreen')}</p>
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}

interface BoundaryProps {
  /** The error screen goes when this changes (the user navigated elsewhere). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

/** Catches a screen that failed to load or render; navigating elsewhere clears it (the failed screen itself
 * stays failed until the reload it offers: React keeps a lazy module's failed load). */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Route error', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

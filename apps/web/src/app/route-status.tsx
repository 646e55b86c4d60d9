import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';

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

/** A screen failed to load or render (usually a new version was deployed): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('Route error', error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('errors.routeTitle')}</h1>
      <p className="text-muted-foreground">{t('errors.routeBody')}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
    </main>
  );
}

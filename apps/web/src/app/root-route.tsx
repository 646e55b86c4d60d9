import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAdminFlag, isOnboardingCompleted } from '@/lib/access-flags.ts';
import { onPendingPairing, pendingPairing } from '@/lib/sync/pending-pairing.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { guardRedirect } from './route-guards.ts';

// Loaded only when a pairing link was opened (decision 068): the dialog brings the workspace store and sync with it.
const SyncJoinDialog = lazy(async () => ({ default: (await import('@/features/sync/sync-join-dialog.tsx')).SyncJoinDialog }));

/** The pairing link opened in this tab, if any, once the page is the browser's own (after hydration). */
function PendingPairing() {
  const fragment = useSyncExternalStore(onPendingPairing, pendingPairing, () => null);
  if (!fragment) return null;
  return (
    <Suspense fallback={null}>
      <SyncJoinDialog fragment={fragment} />
    </Suspense>
  );
}

/** Applies the route guards (docs/product.md, Routes and layout) to every navigation, before any screen renders. */
export function RootRoute() {
  const { pathname, hash } = useLocation();
  // While the browser takes a server-rendered page over, the guard sees what the server saw, a new visitor: a flag
  // set meanwhile (a click on Get Started during hydration) must not change this pass's output (decision 059).
  // The next pass reads the flags and redirects as usual.
  const hydrated = useHydrated();
  const flags = hydrated ? { onboarded: isOnboardingCompleted(), admin: hasAdminFlag() } : { onboarded: false, admin: false };
  const target = guardRedirect(pathname, hash, flags);
  if (target !== null) return <Navigate to={target} replace />;
  return (
    <>
      <Outlet />
      {hydrated ? <PendingPairing /> : null}
    </>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAdminFlag, isOnboardingCompleted } from '@/lib/access-flags.ts';
import { guardRedirect } from './route-guards.ts';

/** Applies the route guards (docs/product.md, Routes and layout) to every navigation, before any screen renders. */
export function RootRoute() {
  const { pathname, hash } = useLocation();
  const target = guardRedirect(pathname, hash, { onboarded: isOnboardingCompleted(), admin: hasAdminFlag() });
  if (target !== null) return <Navigate to={target} replace />;
  return <Outlet />;
}

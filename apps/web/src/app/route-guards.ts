import { ADMIN_PATHS, APP_PATHS, PRICING_HASH, PUBLIC_PATHS } from '@/lib/paths.ts';

export type RouteKind = 'landing' | 'public' | 'app' | 'admin-login' | 'admin-root' | 'admin' | 'unknown';

export interface AccessState {
  onboarded: boolean;
  admin: boolean;
}

const appPaths = new Set<string>(Object.values(APP_PATHS));
const publicPaths = new Set<string>([
  PUBLIC_PATHS.privacy, PUBLIC_PATHS.terms, PUBLIC_PATHS.contact, PUBLIC_PATHS.about, PUBLIC_PATHS.blog,
]);
const adminPaths = new Set<string>([ADMIN_PATHS.dashboard, ADMIN_PATHS.blog, ADMIN_PATHS.siteContent]);
const SINGLE_SEGMENT = /^[^/]+$/;

/** '/blog/' and '/blog' are the same route. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function classifyPath(pathname: string): RouteKind {
  const path = normalisePath(pathname);
  if (path === PUBLIC_PATHS.home) return 'landing';
  if (publicPaths.has(path)) return 'public';
  if (path.startsWith(`${PUBLIC_PATHS.blog}/`) && SINGLE_SEGMENT.test(path.slice(PUBLIC_PATHS.blog.length + 1))) return 'public';
  if (appPaths.has(path)) return 'app';
  if (path.startsWith(`${APP_PATHS.pages}/`) && SINGLE_SEGMENT.test(path.slice(APP_PATHS.pages.length + 1))) return 'app';
  if (path === PUBLIC_PATHS.adminLogin) return 'admin-login';
  if (path === ADMIN_PATHS.root) return 'admin-root';
  if (adminPaths.has(path)) return 'admin';
  return 'unknown';
}

/**
 * docs/product.md, Routes and layout: where a visit must go instead, or null to show it.
 * - '/' goes to the dashboard once onboarded, except a visit to the pricing section ('/#pricing').
 * - app routes before onboarding go to '/'.
 * - '/admin' goes to the admin dashboard; guarded admin routes without the admin flag go to the login.
 * - unknown paths go to the dashboard when onboarded, otherwise to '/'.
 */
export function guardRedirect(pathname: string, hash: string, access: AccessState): string | null {
  switch (classifyPath(pathname)) {
    case 'landing':
      return access.onboarded && hash !== PRICING_HASH ? APP_PATHS.dashboard : null;
    case 'public':
    case 'admin-login':
      return null;
    case 'app':
      return access.onboarded ? null : PUBLIC_PATHS.home;
    case 'admin-root':
      return access.admin ? ADMIN_PATHS.dashboard : PUBLIC_PATHS.adminLogin;
    case 'admin':
      return access.admin ? null : PUBLIC_PATHS.adminLogin;
    case 'unknown':
      return access.onboarded ? APP_PATHS.dashboard : PUBLIC_PATHS.home;
  }
}

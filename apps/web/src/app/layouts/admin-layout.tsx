import { ArrowLeft, FileText, LayoutDashboard, LoaderCircle, LogOut, Menu, Newspaper, X } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LogoMark } from '@/components/logo-mark.tsx';
import { cn } from '@/components/ui/cn.ts';
import { addTexts } from '@/i18n/i18n.ts';
import adminTexts from '@/i18n/locales/en/admin.json';
import { setAdminFlag } from '@/lib/access-flags.ts';
import { createApiClient } from '@/lib/api-client.ts';
import { ADMIN_PATHS, PUBLIC_PATHS } from '@/lib/paths.ts';
import { QueryProvider } from '@/lib/queries/query-provider.tsx';
import { useAdminSessionExpiry } from '@/lib/use-admin-session-expiry.ts';
import { OfflineGate } from './offline-gate.tsx';
import { SkipLink } from './skip-link.tsx';

// The admin screens' texts come with their frame (i18n.ts); the login screen adds them too.
addTexts(adminTexts);

const itemClass = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors '
  + 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const idleClass = 'text-muted-foreground hover:bg-muted hover:text-foreground';

let client: ReturnType<typeof createApiClient> | undefined;
const api = () => (client ??= createApiClient());

/**
 * The admin shell (docs/product.md, Admin): its own sidebar, a menu button on narrow screens. The route guard
 * keeps it behind the admin flag; the server session is what authorises, so an ended one (any 401 of an admin
 * call, or the session check on entry) clears the flag and returns to the login.
 */
/** How long Logout waits for reads already on their way (a refresh the realtime feed asked for). */
const SETTLE_BEFORE_LOGOUT_MS = 2000;

/** Resolves once no query is fetching, or after maxMs: a read answered after the session ended would be refused. */
function fetchesSettled(client: QueryClient, maxMs: number): Promise<void> {
  if (client.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = window.setTimeout(done, maxMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
  });
}

export function AdminLayout() {
  return (
    <QueryProvider>
      <AdminShell />
    </QueryProvider>
  );
}

function AdminShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navId = useId();

  const leave = useCallback(() => {
    setAdminFlag(false);
    queryClient.removeQueries();
    void navigate(PUBLIC_PATHS.adminLogin, { replace: true });
  }, [navigate, queryClient]);

  const sessionEnded = useCallback(() => {
    // sonner is the lazily loaded toast region's own chunk.
    void import('sonner').then(({ toast }) => toast.info(t('admin.sessionEnded')), () => {});
    leave();
  }, [leave, t]);
  useAdminSessionExpiry(sessionEnded);

  // The flag may outlive the server session (idle or absolute expiry, a logout in another tab): ask once on entry.
  useEffect(() => {
    let cancelled = false;
    api().getSession().then((session) => {
      if (!cancelled && !session.authenticated) sessionEnded();
    }, () => {
      // Unreachable or odd answer: the screens' own calls show that; the flag stays.
    });
    return () => {
      cancelled = true;
    };
  }, [sessionEnded]);

  const closeMenu = () => setMenuOpen(false);

  const logout = async () => {
    setLeaving(true);
    await fetchesSettled(queryClient, SETTLE_BEFORE_LOGOUT_MS);
    // Leave before the session ends: with the admin screens gone (their queries removed, their realtime refreshes
    // stopped), no read can start while the logout is on its way and be refused (a post written elsewhere did that).
    leave();
    try {
      await api().logout();
    } catch (error) {
      // The cookie is httpOnly: if the server could not be told, its session still ends on its own clock.
      console.warn('Admin logout did not reach the server.', error);
    }
  };

  const entries = [
    { to: ADMIN_PATHS.dashboard, label: t('admin.dashboard'), icon: LayoutDashboard },
    { to: ADMIN_PATHS.blog, label: t('admin.blog'), icon: Newspaper },
    { to: ADMIN_PATHS.siteContent, label: t('admin.siteContent'), icon: FileText },
  ];

  return (
    <div className="flex min-h-dvh flex-col bg-background md:flex-row">
      <SkipLink />
      <aside className="sticky top-0 z-30 border-b border-border bg-surface md:h-dvh md:w-sidebar md:shrink-0 md:border-r md:border-b-0">
        <div className="flex h-header items-center gap-2 px-4 md:px-5">
          <Link to={ADMIN_PATHS.dashboard} className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            <LogoMark className="h-8 w-8" />
            <span className="text-lg font-bold">{t('app.name')}</span>
          </Link>
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-semibold text-muted-foreground">{t('admin.navLabel')}</span>
          <button
            type="button"
            className="ml-auto inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted
              hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:hidden"
            aria-expanded={menuOpen}
            aria-controls={navId}
            aria-label={menuOpen ? t('admin.closeMenu') : t('admin.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
        <nav
          id={navId}
          aria-label={t('admin.navLabel')}
          className={cn('flex-col gap-1 px-3 pb-3 md:flex', menuOpen ? 'flex' : 'hidden')}
        >
          {entries.map(({ to, label, icon: Icon }) => (
            <NavLink key={to} to={to} onClick={closeMenu} className={({ isActive }) => cn(itemClass, isActive ? 'bg-accent text-accent-foreground' : idleClass)}>
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
          <div className="my-2 border-t border-border" role="presentation" />
          <Link to={PUBLIC_PATHS.home} onClick={closeMenu} className={cn(itemClass, idleClass)}>
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
            {t('admin.backToApp')}
          </Link>
          <button type="button" onClick={() => void logout()} disabled={leaving} className={cn(itemClass, idleClass, 'text-left disabled:opacity-60')}>
            {leaving ? <LoaderCircle className="h-5 w-5 animate-spin" aria-hidden="true" /> : <LogOut className="h-5 w-5" aria-hidden="true" />}
            {leaving ? t('admin.loggingOut') : t('admin.logout')}
          </button>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none sm:py-8 md:px-8">
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </main>
    </div>
  );
}

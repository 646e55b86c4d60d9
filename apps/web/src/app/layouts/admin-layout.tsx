import { ArrowLeft, FileText, LayoutDashboard, LogOut, Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo-mark.tsx';
import { cn } from '@/components/ui/cn.ts';
import { setAdminFlag } from '@/lib/access-flags.ts';
import { ADMIN_PATHS, PUBLIC_PATHS } from '@/lib/paths.ts';
import { QueryProvider } from '@/lib/queries/query-provider.tsx';
import { SkipLink } from './skip-link.tsx';

const itemClass = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';

/** The admin shell (docs/product.md, Admin): its own sidebar; the route guard keeps it behind the admin flag. */
export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = [
    { to: ADMIN_PATHS.dashboard, label: t('admin.dashboard'), icon: LayoutDashboard },
    { to: ADMIN_PATHS.blog, label: t('admin.blog'), icon: Newspaper },
    { to: ADMIN_PATHS.siteContent, label: t('admin.siteContent'), icon: FileText },
  ];

  const logout = () => {
    setAdminFlag(false);
    void navigate(PUBLIC_PATHS.adminLogin);
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background md:flex-row">
      <SkipLink />
      <aside className="border-b border-border bg-surface md:sticky md:top-0 md:h-dvh md:w-sidebar md:border-r md:border-b-0">
        <div className="flex h-header items-center gap-2 px-5">
          <LogoMark className="h-8 w-8" />
          <span className="text-lg font-bold">{t('app.name')}</span>
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-semibold text-muted-foreground">{t('admin.navLabel')}</span>
        </div>
        <nav aria-label={t('admin.navLabel')} className="flex flex-wrap gap-1 px-3 pb-3 md:flex-col">
          {entries.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) => cn(itemClass, isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground')}
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
          <NavLink to={PUBLIC_PATHS.home} className={cn(itemClass, 'text-muted-foreground hover:bg-muted hover:text-foreground')}>
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
            {t('admin.backToApp')}
          </NavLink>
          <button type="button" onClick={logout} className={cn(itemClass, 'text-left text-muted-foreground hover:bg-muted hover:text-foreground')}>
            <LogOut className="h-5 w-5" aria-hidden="true" />
            {t('admin.logout')}
          </button>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none md:px-8">
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      </main>
    </div>
  );
}

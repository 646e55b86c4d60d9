import { PanelLeft } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LogoMark } from '@/components/logo-mark.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useSidebarOpen } from '@/lib/sidebar-preference.ts';
import { MEDIUM_UP, useMediaQuery } from '@/lib/use-media-query.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { Sidebar, SIDEBAR_ID } from './sidebar.tsx';
import { SiteNav } from './site-nav.tsx';
import { SkipLink } from './skip-link.tsx';

/** The workspace shell (spec 2): a 4rem header, the sidebar, and a scrolling main area, around the workspace store. */
export function AppLayout() {
  return (
    <WorkspaceProvider>
      <AppShell />
    </WorkspaceProvider>
  );
}

function AppShell() {
  const { t } = useTranslation();
  const [open, setOpen] = useSidebarOpen();
  const inline = useMediaQuery(MEDIUM_UP);
  const overlayOpen = !inline && open;

  const closeOverlay = useCallback(() => {
    if (!inline) setOpen(false);
  }, [inline, setOpen]);

  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlayOpen, setOpen]);

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-header items-center gap-3 border-b border-border bg-surface/90 px-3 backdrop-blur md:px-4">
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setOpen(!open)}
          aria-label={t('header.toggleSidebar')}
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
        >
          <PanelLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <Link to={APP_PATHS.dashboard} className="flex items-center gap-2 rounded-md md:hidden">
          <LogoMark className="h-7 w-7" />
          <span className="font-bold">{t('app.name')}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <SiteNav />
          <SaveIndicator />
        </div>
      </header>
      <div className="flex">
        <Sidebar open={open} inline={inline} onNavigate={closeOverlay} />
        {overlayOpen ? (
          <div
            data-testid="sidebar-backdrop"
            aria-hidden="true"
            onClick={() => setOpen(false)}
            className="fixed inset-0 z-30 bg-backdrop animate-in fade-in"
          />
        ) : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none md:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

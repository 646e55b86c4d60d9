import { EllipsisVertical, PanelLeft } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, Outlet } from 'react-router';
import { LogoMark } from '@/components/logo-mark.tsx';
import { Button } from '@/components/ui/button.tsx';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { addTexts } from '@/i18n/i18n.ts';
import workspaceTexts from '@/i18n/locales/en/workspace.json';
import { useSidebarOpen } from '@/lib/sidebar-preference.ts';
import { useVisitorPresence } from '@/lib/use-visitor-presence.ts';
import { MEDIUM_UP, useMediaQuery } from '@/lib/use-media-query.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { CommandCenter } from './command-center.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import { Sidebar, SIDEBAR_ID } from './sidebar.tsx';
import { SiteMenu, SiteNav } from './site-nav.tsx';
import { SkipLink } from './skip-link.tsx';

// Every workspace screen's texts come with the workspace's frame (i18n.ts).
addTexts(workspaceTexts);

// Sync (decision 068) loads after the frame: its status beside 'Saved' renders nothing while sync is off.
const SyncIndicator = lazy(async () => ({ default: (await import('./sync-indicator.tsx')).SyncIndicator }));

/**
 * The workspace shell (docs/product.md, Routes and layout): a 4rem header, the sidebar, and a scrolling main area,
 * around the workspace store.
 */
export function AppLayout() {
  return (
    <WorkspaceProvider>
      <TooltipProvider delayDuration={200}>
        <AppShell />
      </TooltipProvider>
    </WorkspaceProvider>
  );
}

function AppShell() {
  const { t } = useTranslation();
  // docs/product.md, Visitor presence.
  useVisitorPresence(true);
  // Sync runs while the workspace is open, and only when it is on (decision 068).
  useEffect(() => {
    void import('@/lib/sync/page-sync.ts').then(({ pageSync }) => pageSync().start());
  }, []);
  const inline = useMediaQuery(MEDIUM_UP);
  // Medium screens and up: the remembered open/collapsed state. Small screens: an overlay that always starts
  // closed and is not remembered, so a phone never opens on a sheet covering the screen.
  const [inlineOpen, setInlineOpen] = useSidebarOpen();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const open = inline ? inlineOpen : overlayOpen;
  const toggleButton = useRef<HTMLButtonElement>(null);

  const returnFocus = useRef(false);

  const closeOverlay = useCallback((giveFocusBack: boolean) => {
    returnFocus.current = giveFocusBack;
    setOverlayOpen(false);
  }, []);

  // Once the overlay is closed (and the header no longer inert), focus goes back to the toggle.
  useEffect(() => {
    if (overlayOpen || !returnFocus.current) return;
    returnFocus.current = false;
    toggleButton.current?.focus();
  }, [overlayOpen]);

  const toggle = () => {
    if (inline) setInlineOpen(!inlineOpen);
    else setOverlayOpen(!overlayOpen);
  };

  // The overlay is modal: focus moves into it, Escape closes it and focus returns to the toggle.
  useEffect(() => {
    if (inline || !overlayOpen) return;
    document.querySelector<HTMLElement>(`#${SIDEBAR_ID} a`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeOverlay(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inline, overlayOpen, closeOverlay]);

  const modalOverlay = !inline && overlayOpen;

  return (
    <div className="min-h-dvh bg-background">
      <SkipLink />
      <header inert={modalOverlay} className="sticky top-0 z-30 flex h-header items-center gap-3 border-b border-border bg-surface/90 px-3 backdrop-blur md:px-4">
        <Button
          ref={toggleButton}
          variant="ghost"
          size="icon"
          onClick={toggle}
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
          <CommandCenter />
          <SiteNav />
          <SaveIndicator />
          <Suspense fallback={null}>
            <SyncIndicator />
          </Suspense>
          <SiteMenu icon={EllipsisVertical} />
        </div>
      </header>
      <div className="flex">
        <Sidebar
          open={open}
          inline={inline}
          modal={modalOverlay}
          onNavigate={() => closeOverlay(false)}
          onClose={() => closeOverlay(true)}
        />
        {modalOverlay ? (
          <div
            data-testid="sidebar-backdrop"
            aria-hidden="true"
            onClick={() => closeOverlay(true)}
            className="fixed inset-0 z-30 bg-backdrop"
          />
        ) : null}
        {/* One layout rule: every screen starts at main's left padding and caps its own width (none is centred), so
            headings stay in place from screen to screen. */}
        <main id="main" tabIndex={-1} inert={modalOverlay} className="min-w-0 flex-1 px-4 py-8 outline-none md:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

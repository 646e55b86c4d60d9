import { CalendarDays, FileText, FolderKanban, KanbanSquare, LayoutDashboard, Network, Settings, Sprout, X } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { LucideIcon } from 'lucide-react';
import { NavLink, useMatch } from 'react-router';
import { LogoMark } from '@/components/logo-mark.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { APP_PATHS } from '@/lib/paths.ts';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  open: boolean;
  /** Medium screens and up: inline; below: an overlay. */
  inline: boolean;
  /** The small-screen overlay is open (the rest of the page is inert meanwhile). */
  modal: boolean;
  onNavigate: () => void;
  /** Closes the small-screen overlay (which covers the header's toggle) and gives focus back to the toggle. */
  onClose: () => void;
}

export function Sidebar({ open, inline, modal, onNavigate, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const entries = [
    { to: APP_PATHS.dashboard, label: t('sidebar.dashboard'), icon: LayoutDashboard, end: true },
    { to: APP_PATHS.kanban, label: t('sidebar.kanban'), icon: KanbanSquare },
    // A fixed label, deliberately not translated (docs/product.md, Routes and layout).
    { to: APP_PATHS.garden, label: 'My Garden', icon: Sprout },
    { to: APP_PATHS.projects, label: t('sidebar.projects'), icon: FolderKanban },
    { to: APP_PATHS.pages, label: t('sidebar.pages'), icon: FileText },
    { to: APP_PATHS.calendar, label: t('sidebar.calendar'), icon: CalendarDays },
    { to: APP_PATHS.mindMap, label: t('sidebar.mindMap'), icon: Network },
    { to: APP_PATHS.settings, label: t('sidebar.settings'), icon: Settings },
  ];
  const collapsed = inline && !open;
  const hidden = !inline && !open;

  const aside = (
    <aside
      id={SIDEBAR_ID}
      aria-label={t('sidebar.label')}
      inert={hidden}
      data-modal={modal || undefined}
      data-state={open ? 'open' : 'closed'}
      className={cn(
        'flex flex-col overflow-y-auto border-r border-border bg-surface duration-200 ease-out',
        inline
          ? cn('sticky top-header h-[calc(100dvh-var(--spacing-header))] shrink-0 transition-[width]', open ? 'w-sidebar' : 'w-sidebar-collapsed')
          // Closed: hidden once it has slid out, so its shadow leaves no strip down the screen's edge. Visible at once
          // when opening (a transition of visibility would start hidden, and the focus moved into it would be lost).
          : cn(
              'fixed inset-y-0 left-0 z-40 w-sidebar',
              open ? 'translate-x-0 shadow-card transition-transform' : 'invisible -translate-x-full transition-[transform,visibility]',
            ),
      )}
    >
      <div data-testid="sidebar-logo" className={cn('flex h-header shrink-0 items-center gap-2', collapsed ? 'justify-center' : 'px-5')}>
        <LogoMark className="h-8 w-8" />
        <span className={collapsed ? 'sr-only' : 'text-lg font-bold tracking-tight'}>{t('app.name')}</span>
        {inline ? null : (
          <Button variant="ghost" size="icon" className="-mr-2 ml-auto" onClick={onClose} aria-label={t('header.closeSidebar')}>
            <X className="h-5 w-5" aria-hidden="true" />
          </Button>
        )}
      </div>
      <nav aria-label={t('sidebar.label')} className={cn('flex flex-col gap-1 px-3', collapsed && 'items-center')}>
        {entries.map((entry) => (
          <SidebarLink key={entry.to} {...entry} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
      </nav>
      {!collapsed ? (
        <section
          aria-label={t('sidebar.adPlaceholder')}
          className="m-3 mt-6 flex min-h-[250px] flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border bg-muted/60 p-4 text-center"
        >
          <span className="text-[0.7rem] font-semibold uppercase tracking-widest text-muted-foreground">{t('sidebar.adLabel')}</span>
          <span className="text-sm font-medium">{t('sidebar.adPlaceholder')}</span>
          <span className="text-xs text-muted-foreground">{t('sidebar.adNote')}</span>
        </section>
      ) : null}
    </aside>
  );
  // Beside the page, the sidebar sticks to the window while its column, the surface colour and its edge, runs the
  // page's whole height (a long dashboard scrolled, a whole-page screenshot).
  return inline ? <div className="shrink-0 bg-surface shadow-[inset_-1px_0_0_var(--border)]">{aside}</div> : aside;
}

interface SidebarLinkProps {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  collapsed: boolean;
  onNavigate: () => void;
}

function SidebarLink({ to, label, icon: Icon, end = false, collapsed, onNavigate }: SidebarLinkProps) {
  // The tooltip's trigger (a Radix Slot) joins class names as strings, so NavLink's className function would be
  // lost when collapsed: the current screen is matched here and the classes passed as a string.
  const current = useMatch({ path: to, end }) !== null;
  return (
    <Tooltip label={label} enabled={collapsed}>
      <NavLink
        to={to}
        end={end}
        onClick={onNavigate}
        aria-label={collapsed ? label : undefined}
        className={cn(
          'flex items-center gap-3 rounded-lg text-sm font-medium transition-colors',
          collapsed ? 'h-11 w-11 justify-center' : 'px-3 py-2.5',
          current ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )}
      >
        <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
        {collapsed ? null : <span>{label}</span>}
      </NavLink>
    </Tooltip>
  );
}

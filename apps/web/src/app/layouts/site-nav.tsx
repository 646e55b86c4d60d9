import { Menu, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { cn } from '@/components/ui/cn.ts';
import { PRICING_HASH, PUBLIC_PATHS } from '@/lib/paths.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';

/** The site footer's id: on a server-rendered page, until its script has run, the menu button is a link to it. */
export const SITE_FOOTER_ID = 'site-footer';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';
const menuLinkClass = 'flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-foreground transition-colors hover:bg-muted';

function useSiteLinks() {
  const { t } = useTranslation();
  return [
    { to: PUBLIC_PATHS.blog, label: t('nav.blog') },
    { to: PUBLIC_PATHS.about, label: t('nav.about') },
    { to: PUBLIC_PATHS.contact, label: t('nav.contact') },
    { to: PUBLIC_PATHS.privacy, label: t('nav.privacy') },
    { to: PUBLIC_PATHS.terms, label: t('nav.terms') },
  ];
}

const pricing = { pathname: PUBLIC_PATHS.home, hash: PRICING_HASH };

/** Header navigation to the public site (docs/product.md, Routes and layout): medium screens and up only. */
export function SiteNav() {
  const { t } = useTranslation();
  const links = useSiteLinks();
  return (
    <nav aria-label={t('header.siteNavigation')} className="hidden items-center gap-1 md:flex">
      <Link to={pricing} className={linkClass}>{t('nav.pricing')}</Link>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) => cn(linkClass, isActive && 'bg-muted text-foreground')}
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The same links behind a menu button on small screens, where SiteNav is hidden. A disclosure (not an ARIA menu:
 * these are page links): Escape closes it and gives focus back to the button; following a link, tapping outside or
 * tabbing out of it closes it too. On a server-rendered page the server writes a plain link to the footer's links,
 * which the page's script turns into this button (public/enhancers/site-menu.ts): a tap before it runs still leads
 * somewhere.
 */
/**
 * The public site's links on a phone. `icon`: the app's header, whose sidebar button is already a menu, shows a
 * different one (⋮), so the two controls do not look alike.
 */
export function SiteMenu({ className, icon: Icon = Menu }: { className?: string; icon?: LucideIcon }) {
  const { t } = useTranslation();
  const links = useSiteLinks();
  const location = useLocation();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Open for one location only: any navigation (a link here, Back, a link elsewhere) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const hydrated = useHydrated();
  const close = () => setOpenAt(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenAt(null);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const onBlur = (event: FocusEvent) => {
    if (event.relatedTarget && !root.current?.contains(event.relatedTarget)) close();
  };

  return (
    <div ref={root} onBlur={onBlur} data-site-menu="" className={cn('md:hidden', className)}>
      {hydrated ? (
        <Button
          ref={button}
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={t('header.siteMenu')}
          onClick={() => setOpenAt(open ? null : location.key)}
        >
          {open ? <X className="h-5 w-5" aria-hidden="true" /> : <Icon className="h-5 w-5" aria-hidden="true" />}
        </Button>
      ) : (
        // On a server-rendered public page, its script turns this into the button above (public/enhancers/site-menu.ts),
        // showing the close icon while open.
        <a href={`#${SITE_FOOTER_ID}`} aria-label={t('header.siteMenu')} className={buttonStyles('ghost', 'icon')}>
          <Icon className="h-5 w-5" aria-hidden="true" data-menu-icon="closed" />
          <X className="hidden h-5 w-5" aria-hidden="true" data-menu-icon="open" />
        </a>
      )}
      <nav
        id={panelId}
        hidden={!open}
        aria-label={t('header.siteNavigation')}
        className="absolute inset-x-0 top-full border-b border-border bg-surface shadow-card"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          <li><Link to={pricing} className={menuLinkClass}>{t('nav.pricing')}</Link></li>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={({ isActive }) => cn(menuLinkClass, isActive && 'bg-accent text-accent-foreground')}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

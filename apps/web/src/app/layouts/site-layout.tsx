import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { GetStartedLink } from '@/components/get-started-link.tsx';
import { LogoMark } from '@/components/logo-mark.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { isOnboardingCompleted } from '@/lib/access-flags.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { ADMIN_PATHS, APP_PATHS, PRICING_HASH, PUBLIC_PATHS } from '@/lib/paths.ts';
import { useVisitorPresence } from '@/lib/use-visitor-presence.ts';
import { SITE_FOOTER_ID, SiteMenu, SiteNav } from './site-nav.tsx';
import { SkipLink } from './skip-link.tsx';

/** The public site's frame: landing page, blog and static pages. */
export function SiteLayout() {
  const { t } = useTranslation();
  // The server renders every visitor as new; a returning one sees 'Open App' from the browser's second pass.
  const onboarded = useHydrated() && isOnboardingCompleted();
  // docs/product.md, Visitor presence: every page outside /admin (the admin login sits in this frame) counts.
  const { pathname } = useLocation();
  useVisitorPresence(!pathname.startsWith(ADMIN_PATHS.root));

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-border bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-header max-w-6xl items-center gap-4 px-4">
          {/* data-home-link, data-header-start: the public pages' script makes the same swap for a returning visitor (decision 075). */}
          <Link to={onboarded ? APP_PATHS.dashboard : PUBLIC_PATHS.home} data-home-link="" className="flex items-center gap-2 rounded-md">
            <LogoMark className="h-8 w-8" />
            <span className="text-lg font-bold tracking-tight">{t('app.name')}</span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <SiteNav />
            {onboarded ? (
              <Link to={APP_PATHS.dashboard} className={buttonStyles('primary', 'sm')}>{t('header.openApp')}</Link>
            ) : (
              <GetStartedLink className={buttonStyles('primary', 'sm')} headerStart>{t('header.getStarted')}</GetStartedLink>
            )}
            <SiteMenu />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteFooter() {
  const { t } = useTranslation();
  const columns = [
    { title: t('footer.product'), links: [{ to: `${PUBLIC_PATHS.home}${PRICING_HASH}`, label: t('nav.pricing') }, { to: PUBLIC_PATHS.blog, label: t('nav.blog') }] },
    { title: t('footer.company'), links: [{ to: PUBLIC_PATHS.about, label: t('nav.about') }, { to: PUBLIC_PATHS.contact, label: t('nav.contact') }] },
    { title: t('footer.legal'), links: [{ to: PUBLIC_PATHS.privacy, label: t('nav.privacy') }, { to: PUBLIC_PATHS.terms, label: t('nav.terms') }] },
  ];
  return (
    <footer id={SITE_FOOTER_ID} className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-bold">{t('app.name')}</span>
          </div>
          <p className="mt-3 text-sm text-muted-foreground">{t('footer.tagline')}</p>
          <p className="mt-2 text-sm text-muted-foreground">{t('footer.local')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

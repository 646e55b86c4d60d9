import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { PRICING_HASH, PUBLIC_PATHS } from '@/lib/paths.ts';

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';

/** Header navigation to the public site (docs/product.md, Routes and layout): medium screens and up only. */
export function SiteNav() {
  const { t } = useTranslation();
  const links = [
    { to: PUBLIC_PATHS.blog, label: t('nav.blog') },
    { to: PUBLIC_PATHS.about, label: t('nav.about') },
    { to: PUBLIC_PATHS.contact, label: t('nav.contact') },
    { to: PUBLIC_PATHS.privacy, label: t('nav.privacy') },
    { to: PUBLIC_PATHS.terms, label: t('nav.terms') },
  ];
  return (
    <nav aria-label={t('header.siteNavigation')} className="hidden items-center gap-1 md:flex">
      <Link to={{ pathname: PUBLIC_PATHS.home, hash: PRICING_HASH }} className={linkClass}>{t('nav.pricing')}</Link>
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

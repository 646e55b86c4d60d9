import { ArrowRight, Plus, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { cn } from '@/components/ui/cn.ts';

// The frame of each dashboard list (docs/product.md, Dashboard): a titled card with 'view all', its rows or an
// empty state with a create link.

/** A list row that is one link: the whole row is the target, with the app's focus ring drawn inside the card. */
export const rowLink = cn(
  'flex min-h-14 items-center gap-3 rounded-lg px-3 py-2 transition-colors hover:bg-muted',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring dark:hover:bg-white/5',
);

/** A small rounded tile for a row's or a header's icon. */
export function IconTile({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <span className={cn('flex h-9 w-9 shrink-0 items-center justify-center rounded-lg', className)}>
      <Icon aria-hidden className="h-4.5 w-4.5" />
    </span>
  );
}

interface DashboardPanelProps {
  title: string;
  icon: LucideIcon;
  /** The icon tile's colours. */
  tone: string;
  viewAllTo: string;
  /** Beside the title (a count). */
  badge?: ReactNode;
  /** Below the rows (how many more there are). */
  footer?: ReactNode;
  children: ReactNode;
}

export function DashboardPanel({ title, icon, tone, viewAllTo, badge, footer, children }: DashboardPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-xl border border-border bg-surface shadow-card">
      <div className="flex items-center gap-3 border-b border-border py-3 pr-3 pl-4">
        <IconTile icon={icon} className={cn('max-sm:hidden', tone)} />
        <h2 id={headingId} className="truncate font-semibold">{title}</h2>
        {badge}
        <Link
          to={viewAllTo}
          aria-label={t('dashboard.viewAllOf', { list: title })}
          className={cn(
            'group ml-auto inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-primary',
            'hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          {t('dashboard.viewAll')}
          <ArrowRight aria-hidden className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
      <div className="flex flex-1 flex-col p-2">{children}</div>
      {footer}
    </section>
  );
}

interface PanelEmptyProps {
  icon: LucideIcon;
  title: string;
  hint: string;
  /** The create link, where one exists (a plus sign unless another icon is given). */
  action?: { to: string; label: string; icon?: LucideIcon };
}

export function PanelEmpty({ icon: Icon, title, hint, action }: PanelEmptyProps) {
  const ActionIcon = action?.icon ?? Plus;
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-10 text-center">
      <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-muted text-muted-foreground dark:bg-white/5">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <p className="font-medium text-balance">{title}</p>
      <p className="mt-1 max-w-xs text-sm text-balance text-muted-foreground">{hint}</p>
      {action ? (
        <Link to={action.to} className={buttonStyles('secondary', 'sm', 'mt-4')}>
          <ActionIcon aria-hidden className="h-4 w-4" />
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The rows of a list. */
export function PanelList({ children }: { children: ReactNode }) {
  return <ul className="flex flex-col gap-0.5">{children}</ul>;
}

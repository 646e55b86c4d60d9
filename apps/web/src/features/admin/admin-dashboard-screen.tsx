import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ExternalLink, FileText, Newspaper, RefreshCw, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { ADMIN_PATHS, PUBLIC_PATHS } from '@/lib/paths.ts';
import { adminPostListQuery, adminStatsQuery } from '@/lib/queries/query-options.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useAdminLive, type AdminLive } from './admin-dashboard-live.ts';
import { listDate } from '@/lib/dates.ts';
import { recentPosts, RECENT_POST_COUNT } from './admin-dashboard-recent.ts';
import { adminCard } from './admin-card.ts';

/**
 * /admin/dashboard (docs/product.md, Admin): Real-time Visitors (live presence), Total Blog Posts, Total Site
 * Pages, and the 5 most recent posts, each opening in a new tab.
 */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'adminDashboard', path: ADMIN_PATHS.dashboard, noIndex: true });
  const live = useAdminLive();
  return (
    <div className="mx-auto max-w-5xl">
      <ScreenHeader title={title} subtitle={description} />
      <StatsSection live={live} />
      <RecentPostsSection />
    </div>
  );
}

function StatsSection({ live }: { live: AdminLive }) {
  const { t, i18n } = useTranslation();
  const stats = useQuery(adminStatsQuery());
  const number = (value: number) => value.toLocaleString(i18n.language);

  if (stats.isError) {
    return (
      <section aria-label={t('admin.dashboardStats.label')} className="mb-8">
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 px-6 py-8 text-center">
          <p className="font-medium text-danger">{t('admin.dashboardStats.error')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
            <RefreshCw className={cn('h-4 w-4', stats.isFetching && 'animate-spin')} aria-hidden="true" />
            {t('admin.dashboardStats.retry')}
          </Button>
        </div>
      </section>
    );
  }

  const visitors = live.visitors ?? stats.data?.live_visitors;
  const connected = live.status === 'open' && live.visitors !== null;
  return (
    <section aria-label={t('admin.dashboardStats.label')} aria-busy={stats.isPending} className="mb-8">
      {stats.isPending ? <p role="status" className="sr-only">{t('admin.dashboardStats.loading')}</p> : null}
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <StatCard
          stat="visitors"
          icon={Users}
          tone="bg-accent text-accent-foreground"
          label={t('admin.dashboardStats.visitors')}
          value={visitors === undefined ? null : number(visitors)}
          hint={(
            <span className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cn('h-2 w-2 rounded-full', connected ? 'animate-pulse bg-emerald-500' : 'bg-muted-foreground/50')}
              />
              {connected ? t('admin.dashboardStats.live') : t('admin.dashboardStats.connecting')}
              <span className="sr-only">{t('admin.dashboardStats.visitorsHint')}</span>
            </span>
          )}
        />
        <StatCard
          stat="posts"
          icon={Newspaper}
          tone="bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200"
          label={t('admin.dashboardStats.posts')}
          value={stats.data ? number(stats.data.posts) : null}
        />
        <StatCard
          stat="site-pages"
          icon={FileText}
          tone="bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-200"
          label={t('admin.dashboardStats.sitePages')}
          value={stats.data ? number(stats.data.site_pages) : null}
        />
      </ul>
    </section>
  );
}

interface StatCardProps {
  stat: string;
  icon: LucideIcon;
  tone: string;
  label: string;
  /** Null while loading. */
  value: string | null;
  hint?: ReactNode;
}

function StatCard({ stat, icon: Icon, tone, label, value, hint }: StatCardProps) {
  return (
    <li className={cn(adminCard, 'flex items-center gap-4 p-4 sm:flex-col sm:items-start sm:p-5')} data-stat={stat}>
      <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-col-reverse">
        <span className="text-sm text-muted-foreground">{label}</span>
        {value === null
          ? <span className="mb-1 block h-8 w-16 animate-pulse rounded-md bg-muted" aria-hidden="true" />
          : <span className="text-3xl font-bold tracking-tight tabular-nums" data-stat-value>{value}</span>}
      </span>
      {hint ? <span className="ml-auto text-xs text-muted-foreground sm:ml-0">{hint}</span> : null}
    </li>
  );
}

function RecentPostsSection() {
  const { t } = useTranslation();
  const posts = useQuery(adminPostListQuery());
  const headingId = 'admin-recent-posts';

  return (
    <section aria-labelledby={headingId} className={adminCard}>
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-lg font-semibold">{t('admin.recentPosts.title')}</h2>
        <Link to={ADMIN_PATHS.blog} className={buttonStyles('ghost', 'sm', '-mr-2 shrink-0 whitespace-nowrap')}>
          {t('admin.recentPosts.manage')}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="p-2 sm:p-3">
        {posts.isPending ? (
          <div role="status">
            <span className="sr-only">{t('admin.recentPosts.loading')}</span>
            <ul aria-hidden="true">
              {Array.from({ length: 3 }, (_, index) => (
                <li key={index} className="flex min-h-14 flex-col justify-center gap-2 px-3 py-2">
                  <span className="h-4 w-2/3 animate-pulse rounded bg-muted" />
                  <span className="h-3 w-24 animate-pulse rounded bg-muted" />
                </li>
              ))}
            </ul>
          </div>
        ) : posts.isError ? (
          <div role="alert" className="px-3 py-8 text-center">
            <p className="font-medium text-danger">{t('admin.recentPosts.error')}</p>
            <Button variant="secondary" className="mt-4" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
              <RefreshCw className={cn('h-4 w-4', posts.isFetching && 'animate-spin')} aria-hidden="true" />
              {t('admin.recentPosts.retry')}
            </Button>
          </div>
        ) : posts.data.length === 0 ? (
          <div className="px-3 py-10 text-center">
            <Newspaper className="mx-auto h-8 w-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{t('admin.recentPosts.empty')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('admin.recentPosts.emptyHint')}</p>
          </div>
        ) : (
          <ul aria-labelledby={headingId}>
            {recentPosts(posts.data, RECENT_POST_COUNT).map((post) => (
              <li key={post.id}>
                <a
                  href={`${PUBLIC_PATHS.blog}/${encodeURIComponent(post.id)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn(
                    'group flex min-h-14 items-center gap-3 rounded-lg px-3 py-2 transition-colors hover:bg-muted',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring dark:hover:bg-white/5',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 font-medium wrap-anywhere">{post.title}</span>
                    <span className="block text-sm text-muted-foreground">
                      {t('admin.recentPosts.createdAt', { date: listDate(post.created_at) })}
                    </span>
                  </span>
                  <span className="sr-only">{t('admin.recentPosts.opensInNewTab')}</span>
                  <ExternalLink className="h-4 w-4 shrink-0 text-muted-foreground group-hover:text-foreground" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

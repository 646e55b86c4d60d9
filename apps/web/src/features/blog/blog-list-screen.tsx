import { BLOG_POSTS_TOPIC } from '@grove/domain/realtime/topics';
import { useQuery } from '@tanstack/react-query';
import { Newspaper, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { PUBLIC_PATHS } from '@/lib/paths.ts';
import { postListQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { BlogCard, BlogCardSkeleton } from './blog-card.tsx';

const PUBLIC_LIST = { scope: 'public' } as const;
const TOPICS = [BLOG_POSTS_TOPIC];

/**
 * The blog (docs/product.md, Public site): newest first in a two-column grid, one column on phones. Inserts and
 * deletes refetch the list and updates patch it, live, through the realtime bridge.
 */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'blog', path: PUBLIC_PATHS.blog, kind: 'blog' });
  const posts = useQuery(postListQuery(PUBLIC_LIST));
  useRealtimeCache(TOPICS);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <BackLink to={PUBLIC_PATHS.home} label={t('site.blog.home')} />
      <header className="mb-10 mt-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{description}</p>
      </header>

      {posts.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t('site.blog.loading')}</span>
          <div className="grid gap-6 md:grid-cols-2">
            {[0, 1, 2, 3].map((index) => <BlogCardSkeleton key={index} />)}
          </div>
        </div>
      ) : posts.isError ? (
        <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/5 px-6 py-10 text-center">
          <p className="font-medium text-danger">{t('site.blog.error')}</p>
          <Button variant="secondary" className="mt-5" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
            <RefreshCw className={posts.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            {t('site.blog.retry')}
          </Button>
        </div>
      ) : posts.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-16 text-center">
          <Newspaper className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold">{t('site.blog.emptyTitle')}</h2>
          <p className="mt-2 text-muted-foreground">{t('site.blog.emptyBody')}</p>
        </div>
      ) : (
        <>
          <p className="sr-only" role="status">{t('site.blog.postCount', { count: posts.data.length })}</p>
          <ul className="grid gap-6 md:grid-cols-2" aria-label={title}>
            {posts.data.map((post) => (
              <li key={post.id} className="flex">
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

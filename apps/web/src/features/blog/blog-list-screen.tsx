import { BLOG_POSTS_TOPIC } from '@grove/domain/realtime/topics';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle, Newspaper, RefreshCw } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { BackLink } from '@/components/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { preloadImageOf } from '@/lib/page-meta.ts';
import { PUBLIC_PATHS } from '@/lib/paths.ts';
import { BLOG_PAGE_SIZE, postPagesQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { BlogCardItem, BlogCardSkeleton, CARD_IMAGE_SIZES } from './blog-card.tsx';

const TOPICS = [BLOG_POSTS_TOPIC];

/**
 * The blog (docs/product.md, Public site): newest first in a two-column grid, one column on phones, a page at a
 * time with 'Load more'. Inserts and deletes refetch the pages shown and updates patch them, live, through the
 * realtime bridge.
 */
export function Component() {
  const { t } = useTranslation();
  const pages = useInfiniteQuery(postPagesQuery(BLOG_PAGE_SIZE));
  const posts = { ...pages, data: pages.data?.pages.flatMap((page) => page.posts) };
  // The first card's image is the largest thing on a phone's first screen (BlogCard fetches it at once too).
  const { title, description } = useScreenMeta({
    key: 'blog', path: PUBLIC_PATHS.blog, kind: 'blog', preloadImage: preloadImageOf(posts.data?.[0]?.image_url, CARD_IMAGE_SIZES),
  });
  useRealtimeCache(TOPICS);

  return (
    // data-live-blog, data-post-count, data-load-more: a server-rendered page's script (public/enhancers/blog.ts) keeps
    // the cards live and loads more of them.
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12" data-live-blog="">
      <BackLink to={PUBLIC_PATHS.home} label={t('site.blog.home')} />
      <header className="mb-10 mt-6">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{description}</p>
      </header>

      {posts.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">{t('site.blog.loading')}</span>
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {[0, 1, 2, 3].map((index) => <BlogCardSkeleton key={index} />)}
          </div>
        </div>
      ) : posts.isError && posts.data === undefined ? (
        <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/5 px-6 py-10 text-center">
          <p className="font-medium text-danger">{t('site.blog.error')}</p>
          <Button variant="secondary" className="mt-5" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
            <RefreshCw className={posts.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
            {t('site.blog.retry')}
          </Button>
        </div>
      ) : posts.data === undefined || posts.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border bg-surface px-6 py-16 text-center">
          <Newspaper className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-xl font-semibold">{t('site.blog.emptyTitle')}</h2>
          <p className="mt-2 text-muted-foreground">{t('site.blog.emptyBody')}</p>
        </div>
      ) : (
        <>
          <p className="sr-only" role="status" data-post-count="">{t('site.blog.postCount', { count: posts.data.length })}</p>
          {/* grid-cols-1, not the implicit auto column, which grows to a card's longest word (a 78-letter file name). */}
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" aria-label={title} data-cards="">
            {/* first: the first row of the two-column grid. */}
            {posts.data.map((post, index) => <BlogCardItem key={post.id} post={post} first={index < 2} />)}
          </ul>
          {pages.hasNextPage ? (
            <div className="mt-10 flex flex-col items-center gap-3">
              {pages.isFetchNextPageError ? <p role="alert" className="text-sm text-danger">{t('site.blog.error')}</p> : null}
              <Button
                variant="secondary"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
                data-load-more={pages.data?.pages.at(-1)?.nextCursor ?? undefined}
              >
                {pages.isFetchingNextPage ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {pages.isFetchingNextPage ? t('site.blog.loadingMore') : t('site.blog.loadMore')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

import { postIdSchema, type BlogPost } from '@grove/domain/content/blog-post';
import { imageSrcSet } from '@grove/domain/content/image-variants';
import { BLOG_POSTS_TOPIC, postTopic } from '@grove/domain/realtime/topics';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw, Tag } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/back-link.tsx';
import { LocalDate } from '@/components/local-date.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, apiErrorKey } from '@/lib/api-error.ts';
import { canonicalUrl, preloadImageOf, usePageMeta, useSiteOrigin } from '@/lib/page-meta.ts';
import { useRenderedForPublicScripts } from '@/lib/public-scripts.ts';
import { PUBLIC_PATHS } from '@/lib/paths.ts';
import { postKeys } from '@/lib/queries/query-keys.ts';
import { postQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { RichHtml } from '@/lib/rich-html.tsx';
import { blogPostingData, webPageData } from '@/lib/structured-data.ts';
import { useLivePatch } from '@/lib/use-live-patch.ts';
import { CARD_IMAGE } from './blog-card.tsx';

/** How wide a post's cover is drawn, for `sizes`: the article is 768 px at most with 16 px padding. */
const COVER_SIZES = '(min-width: 768px) 736px, calc(100vw - 32px)';

const isNotFound = (error: unknown) => error instanceof ApiError && error.code === 'notFound';

/**
 * One post (docs/product.md, Public site): the article, live. An UPDATE of this post is merged by the realtime
 * bridge and announced with a toast; the all-posts topic also brings a DELETE, after which the refetch answers 404
 * and the reader is told the post is gone.
 */
export function Component() {
  const { t } = useTranslation();
  const { postId = '' } = useParams();
  // An id that cannot name a post is not asked for (the server would answer 404 all the same).
  const validId = postIdSchema.safeParse(postId).success;
  const post = useQuery({ ...postQuery(postId), enabled: validId });
  const topics = useMemo(() => [postTopic(postId), BLOG_POSTS_TOPIC], [postId]);
  useRealtimeCache(topics);
  useLivePatch<BlogPost>(postKeys.detail(postId), () => {
    toast.info(t('site.post.updated'), { id: `post-updated:${postId.toLowerCase()}` });
  });
  const deleted = post.data !== undefined && isNotFound(post.error);
  const forScripts = useRenderedForPublicScripts();

  const loading = validId && post.isPending;
  usePostMeta(postId, deleted ? undefined : post.data, !loading);

  return (
    // data-live-post: a server-rendered page's script (public/enhancers/live.ts) refreshes this post's part of the page.
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-live-post={post.data ? post.data.id.toLowerCase() : undefined}>
      <BackLink to={PUBLIC_PATHS.blog} label={t('site.post.back')} />
      {loading ? (
        <PostSkeleton />
      ) : deleted ? (
        <Gone live title={t('site.post.deletedTitle')} body={t('site.post.deletedBody')} />
      ) : post.data ? (
        <>
          <PostArticle post={post.data} />
          {/* What the page's script shows in the article's place when the post is deleted while it is open. */}
          {forScripts ? <template data-live-deleted=""><Gone live title={t('site.post.deletedTitle')} body={t('site.post.deletedBody')} /></template> : null}
        </>
      ) : (
        <Gone title={t('site.post.notFoundTitle')} body={t('site.post.notFoundBody')}>
          {!validId || isNotFound(post.error) ? null : (
            <>
              <p className="mt-2 text-sm text-muted-foreground">{t('site.post.loadFailed', { reason: t(apiErrorKey(post.error)) })}</p>
              <Button variant="secondary" size="sm" className="mt-4" onClick={() => void post.refetch()} disabled={post.isFetching}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {t('site.blog.retry')}
              </Button>
            </>
          )}
        </Gone>
      )}
    </div>
  );
}

/**
 * Tab title '{post title} | Grove', the excerpt as description and a BlogPosting block, from the post itself. A post
 * that is not there (unknown, deleted, or not loaded) is a plain web page with no address of its own: its page is
 * the same whatever id was asked for, so the server keeps one copy of it (decision 066).
 */
function usePostMeta(postId: string, post: BlogPost | undefined, settled: boolean): void {
  const { t } = useTranslation();
  const path = `${PUBLIC_PATHS.blog}/${encodeURIComponent(postId)}`;
  const title = post?.title ?? (settled ? t('site.post.notFoundTitle') : t('screens.blogPost.title'));
  const description = post?.excerpt ?? t('screens.blogPost.description');
  const origin = useSiteOrigin();
  const missing = settled && !post;
  usePageMeta({
    title,
    description,
    path: missing ? null : path,
    type: missing ? 'website' : 'article',
    image: post?.image_url ?? null,
    preloadImage: preloadImageOf(post?.image_url, COVER_SIZES),
    feed: true,
    noIndex: missing,
    structuredData: missing ? webPageData({ name: title, url: null, content: description }) : blogPostingData({
      headline: title,
      url: canonicalUrl(path, origin),
      description,
      authorName: post?.author?.full_name.trim() || t('app.teamName'),
      datePublished: post?.created_at,
      dateModified: post?.updated_at,
      image: post?.image_url ? canonicalUrl(post.image_url, origin) : null,
    }),
  });
}

function PostArticle({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const author = post.author?.full_name.trim() || t('app.teamName');
  return (
    <article className="mt-6">
      <header>
        <h1 className="text-3xl font-bold leading-tight tracking-tight wrap-anywhere sm:text-5xl">{post.title}</h1>
        <p className="mt-4 flex flex-wrap items-center gap-x-2 text-muted-foreground">
          <span className="min-w-0 font-medium wrap-anywhere text-foreground/80">{t('site.post.by', { author })}</span>
          <span aria-hidden="true">·</span>
          <LocalDate value={post.created_at} style="long" />
        </p>
      </header>
      {post.image_url ? (
        <img
          src={post.image_url}
          srcSet={imageSrcSet(post.image_url)}
          sizes={COVER_SIZES}
          alt=""
          fetchPriority="high"
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          className="mt-8 aspect-video w-full rounded-2xl border border-border object-cover"
        />
      ) : null}
      <RichHtml html={post.content} className="mt-8" />
      {post.tags.length > 0 ? (
        <footer className="mt-10 border-t border-border pt-6">
          <h2 className="sr-only">{t('site.post.tags')}</h2>
          <ul className="flex flex-wrap gap-2" aria-label={t('site.post.tags')}>
            {post.tags.map((tag) => (
              <li key={tag} className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-accent px-3 py-1 text-sm font-medium wrap-anywhere text-accent-foreground">
                <Tag className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                {tag}
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}

function Gone({ title, body, live = false, children }: { title: string; body: string; live?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role={live ? 'alert' : undefined} className="mt-10 rounded-2xl border border-border bg-surface px-6 py-14 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{body}</p>
      {children}
      <Link to={PUBLIC_PATHS.blog} className={buttonStyles('primary', 'md', 'mt-6')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('site.post.back')}
      </Link>
    </div>
  );
}

function PostSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mt-6">
      <span className="sr-only">{t('site.post.loading')}</span>
      <div aria-hidden="true">
        <div className="h-10 w-4/5 animate-pulse rounded-lg bg-muted sm:h-12" />
        <div className="mt-4 h-5 w-56 animate-pulse rounded bg-muted" />
        <div className="mt-8 aspect-video w-full animate-pulse rounded-2xl bg-muted" />
        {[100, 95, 98, 70].map((width) => (
          <div key={width} className="mt-4 h-4 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  );
}

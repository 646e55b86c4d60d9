import type { BlogPost } from '@grove/domain/content/blog-post';
import { imageSrcSet } from '@grove/domain/content/image-variants';
import { ArrowRight, Newspaper } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link } from 'react-router';
import { LocalDate } from '@/components/local-date.tsx';

/** A card as an item of the blog's list (the list screen, and the next cards the server renders for Load more). */
export function BlogCardItem({ post, first = false }: { post: BlogPost; first?: boolean }) {
  return (
    <li className="flex min-w-0">
      <BlogCard post={post} first={first} />
    </li>
  );
}

/** The reserved image box: 16:9, so a late image shifts nothing. */
export const CARD_IMAGE = { width: 800, height: 450 } as const;

/**
 * How wide a card's image is drawn, for `sizes`: the list is 1024 px at most with 16 px padding, two columns
 * 24 px apart from 768 px (blog-list-screen.tsx).
 */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 484px, (min-width: 768px) calc(50vw - 28px), calc(100vw - 32px)';

/**
 * docs/product.md, Public site: image or placeholder, author (fallback Grove Team), date, title, 3-line excerpt, Read More.
 * `first`: a card at the top of the list, whose image is likely the largest thing on screen: fetched at once.
 */
export function BlogCard({ post, first = false }: { post: BlogPost; first?: boolean }) {
  const { t } = useTranslation();
  const href = `/blog/${post.id}`;
  const author = post.author?.full_name.trim() || t('app.teamName');
  return (
    <article className="group flex w-full min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card transition-shadow hover:shadow-lg">
      <div className="aspect-video overflow-hidden bg-muted">
        {post.image_url ? (
          <img
            src={post.image_url}
            srcSet={imageSrcSet(post.image_url)}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <div data-testid="blog-card-placeholder" className="flex h-full w-full items-center justify-center bg-linear-to-br from-accent to-muted">
            <Newspaper className="h-12 w-12 text-primary/60" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span className="min-w-0 font-medium wrap-anywhere text-foreground/80">{author}</span>
          <span aria-hidden="true">·</span>
          <LocalDate value={post.created_at} />
        </p>
        <h2 className="text-xl font-bold leading-snug tracking-tight wrap-anywhere">
          <Link to={href} className="rounded-sm hover:text-primary">{post.title}</Link>
        </h2>
        <p className="line-clamp-3 text-muted-foreground wrap-anywhere">{post.excerpt}</p>
        {/* The post's title is in the link's text, not only its label: 'Read More' alone says nowhere where it goes
            (to crawlers too, which read the text). */}
        {/* The space above is the wrapper's, so the focus ring hugs the link's text evenly. */}
        <div className="mt-auto pt-2">
          <Link
            to={href}
            className="-mx-1 inline-flex w-fit items-center gap-1.5 rounded-sm px-1 text-sm font-semibold text-primary hover:underline hover:underline-offset-4"
          >
            <span className="sr-only">{t('site.blog.readMoreAbout', { title: post.title })}</span>
            <span aria-hidden="true">{t('site.blog.readMore')}</span>
            <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** A card's shape while the list loads. */
export function BlogCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface">
      <div className="aspect-video animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-5 sm:p-6">
        <div className="h-4 w-40 animate-pulse rounded bg-muted" />
        <div className="h-6 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-11/12 animate-pulse rounded bg-muted" />
        <div className="h-4 w-24 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}

import { SITE_CONTENT_SLUGS, type SiteContent } from '@grove/domain/content/site-content';
import { siteContentTopic } from '@grove/domain/realtime/topics';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LocalDate } from '@/components/local-date.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cameFromThisSite } from '@/lib/came-from-this-site.ts';
import { PUBLIC_PATHS } from '@/lib/paths.ts';
import { siteContentKeys } from '@/lib/queries/query-keys.ts';
import { siteContentQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { RichHtml } from '@/lib/rich-html.tsx';
import { useLivePatch } from '@/lib/use-live-patch.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';

type Slug = (typeof SITE_CONTENT_SLUGS)[number];

const isSlug = (value: string): value is Slug => (SITE_CONTENT_SLUGS as readonly string[]).includes(value);

/** The router keeps its own history index: above 0 there is a page of this app to go back to. */
function canGoBackInApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/**
 * A static page by its slug (docs/product.md, Public site): title from the record (the translated fallbacks are the
 * spec's), its HTML, a message when there is no content, and live updates with a toast.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const candidate = pathname.replace(/^\/+|\/+$/g, '');
  const slug: Slug = isSlug(candidate) ? candidate : 'about';
  const page = useQuery(siteContentQuery(slug));
  const topics = useMemo(() => [siteContentTopic(slug)], [slug]);
  useRealtimeCache(topics);

  const record = page.data;
  const fallbackTitle = t(`screens.${slug}.title`);
  const title = record?.title.trim() || fallbackTitle;
  useLivePatch<SiteContent>(siteContentKeys.detail(slug), (updated) => {
    toast.info(t('site.page.updated', { title: updated.title.trim() || fallbackTitle }), { id: `page-updated:${slug}` });
  });
  useScreenMeta({ key: slug, path: `/${slug}`, kind: 'webpage', title, content: record?.content });

  const back = () => {
    if (canGoBackInApp()) void navigate(-1);
    else if (cameFromThisSite()) window.history.back();
    else void navigate(PUBLIC_PATHS.home);
  };

  return (
    // data-live-page: a server-rendered page's script (public/enhancers/live.ts) refreshes it when the page changes.
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-live-page={slug}>
      {/* data-back-button: on a server-rendered page, the page's script does the same (public/enhancers/back-button.ts). */}
      <Button variant="ghost" size="sm" className="-ml-3" onClick={back} data-back-button="">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('site.page.back')}
      </Button>
      <h1 className="mt-6 text-4xl font-bold tracking-tight wrap-anywhere sm:text-5xl">{title}</h1>
      {page.isPending ? (
        <div role="status" className="mt-8">
          <span className="sr-only">{t('site.page.loading')}</span>
          <div aria-hidden="true" className="space-y-4">
            <div className="h-4 w-40 animate-pulse rounded bg-muted" />
            {[100, 96, 99, 88, 100, 72].map((width, index) => (
              <div key={index} className="h-4 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
            ))}
          </div>
        </div>
      ) : record && record.content.trim() !== '' ? (
        <>
          <LastUpdated value={record.updated_at} />
          <RichHtml html={record.content} className="mt-8 border-t border-border pt-8" />
        </>
      ) : (
        <div className="mt-8 rounded-2xl border border-dashed border-border bg-surface px-6 py-14 text-center">
          <FileText className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 text-muted-foreground">{t('site.page.notSetUp')}</p>
        </div>
      )}
    </div>
  );
}

/** 'Last updated: March 5, 2026', the date a `<time>` in the reader's time zone (components/local-date.tsx). */
function LastUpdated({ value }: { value: string }) {
  const { t } = useTranslation();
  const marker = '\u0000';
  const [before = '', after = ''] = t('site.page.lastUpdated', { date: marker }).split(marker);
  return (
    <p className="mt-3 text-sm text-muted-foreground">
      {before}
      <LocalDate value={value} style="long" />
      {after}
    </p>
  );
}

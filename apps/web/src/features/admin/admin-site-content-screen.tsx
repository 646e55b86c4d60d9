import type { SiteContent } from '@grove/domain/content/site-content';
import { SITE_CONTENT_SLUGS } from '@grove/domain/content/site-content';
import { siteContentTopic } from '@grove/domain/realtime/topics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText, Loader2, Pencil, RefreshCw } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { cn } from '@/components/ui/cn.ts';
import { Dialog } from '@/components/ui/dialog.tsx';
import { labelStyles, textareaStyles } from '@/components/ui/field-styles.ts';
import { apiErrorKey } from '@/lib/api-error.ts';
import { ADMIN_PATHS } from '@/lib/paths.ts';
import { siteContentKeys } from '@/lib/queries/query-keys.ts';
import { siteContentListQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { RichHtml } from '@/lib/rich-html.tsx';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { adminApi } from './admin-blog-api.ts';
import { listDate } from '@/lib/dates.ts';
import { isPageContentBlank, isPageContentDirty } from './admin-site-content-form.ts';
import { adminCard, editorActions } from './admin-card.ts';
import { AdminTable, DiscardChangesDialog, RowAction } from './admin-table.tsx';

const TOPICS = SITE_CONTENT_SLUGS.map(siteContentTopic);

/**
 * /admin/site-content (docs/product.md, Admin): the static pages (Page, Last Updated, Actions) and an 'Edit: {slug}'
 * modal holding only the content, edited as HTML with a live preview (the pages carry headings and lists).
 */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'adminSiteContent', path: ADMIN_PATHS.siteContent, noIndex: true });
  const pages = useQuery(siteContentListQuery());
  const [editing, setEditing] = useState<SiteContent | null>(null);
  useRealtimeCache(TOPICS);

  let body;
  if (pages.isPending) {
    body = (
      <div role="status" className={cn(adminCard, 'p-4')}>
        <span className="sr-only">{t('admin.sitePages.loading')}</span>
        <div aria-hidden="true" className="space-y-4">
          {Array.from({ length: 4 }, (_, index) => <div key={index} className="h-6 animate-pulse rounded bg-muted" />)}
        </div>
      </div>
    );
  } else if (pages.isError) {
    body = (
      <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 px-6 py-8 text-center">
        <p className="font-medium text-danger">{t('admin.sitePages.error')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void pages.refetch()} disabled={pages.isFetching}>
          <RefreshCw className={cn('h-4 w-4', pages.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('admin.sitePages.retry')}
        </Button>
      </div>
    );
  } else if (pages.data.length === 0) {
    body = (
      <div className={cn(adminCard, 'px-6 py-12 text-center')}>
        <FileText className="mx-auto h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-medium">{t('admin.sitePages.empty')}</p>
      </div>
    );
  } else {
    body = (
      <AdminTable
        caption={t('admin.sitePages.tableLabel')}
        columns={[
          { label: t('admin.sitePages.colPage') },
          { label: t('admin.sitePages.colUpdated'), className: 'hidden w-44 sm:table-cell' },
          { label: t('admin.sitePages.colActions'), className: 'w-28 text-right' },
        ]}
      >
        {pages.data.map((page) => (
          <tr key={page.slug}>
            <th scope="row" className="px-4 py-3 font-medium">
              <span className="block truncate font-mono">{page.slug}</span>
              <span className="block text-xs font-normal wrap-anywhere text-muted-foreground">{page.title}</span>
              {/* On a phone the date goes under the title: its column would leave the title a few letters. */}
              <span className="block text-xs font-normal text-muted-foreground sm:hidden">{listDate(page.updated_at)}</span>
            </th>
            <td className="hidden px-4 py-3 text-muted-foreground sm:table-cell">
              <time dateTime={page.updated_at}>{listDate(page.updated_at)}</time>
            </td>
            <td className="px-2 py-2 text-right whitespace-nowrap">
              <a
                href={`/${encodeURIComponent(page.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('admin.sitePages.view', { slug: page.slug })}
                className={buttonStyles('ghost', 'sm', 'w-10 px-0')}
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
              </a>
              <RowAction
                label={t('admin.sitePages.edit', { slug: page.slug })}
                icon={<Pencil className="h-4 w-4" aria-hidden="true" />}
                onClick={() => setEditing(page)}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    );
  }

  return (
    <div className="mx-auto max-w-5xl">
      <ScreenHeader title={title} subtitle={description} />
      {body}
      <PageEditor page={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function PageEditor({ page, onClose }: { page: SiteContent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ slug: '', initial: '', content: '' });
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [showError, setShowError] = useState(false);
  const queryClient = useQueryClient();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  // A new page to edit: start from its stored content (state adjusted during render, not in an effect).
  if (page && draft.slug !== page.slug) {
    setDraft({ slug: page.slug, initial: page.content, content: page.content });
    setShowError(false);
  }

  const save = useMutation({
    mutationFn: ({ slug, content }: { slug: string; content: string }) => adminApi.updateSiteContent(slug, content),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteContentKeys.detail(saved.slug), saved);
      queryClient.setQueryData<SiteContent[]>(siteContentKeys.list(), (list) =>
        list?.map((entry) => (entry.slug === saved.slug ? saved : entry)));
      toast.success(t('admin.sitePages.updated'));
      close();
    },
    onError: (error) => toast.error(t('admin.sitePages.updateError'), { description: t(apiErrorKey(error)) }),
  });

  function close() {
    setDraft({ slug: '', initial: '', content: '' });
    onClose();
  }

  const requestClose = () => {
    if (save.isPending) return;
    if (isPageContentDirty(draft.initial, draft.content)) setConfirmingClose(true);
    else close();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!page || save.isPending) return;
    if (isPageContentBlank(draft.content)) {
      setShowError(true);
      textarea.current?.focus();
      return;
    }
    save.mutate({ slug: page.slug, content: draft.content.trim() });
  };

  const blank = showError && isPageContentBlank(draft.content);
  return (
    <>
      <Dialog
        open={page !== null}
        onOpenChange={(open) => { if (!open) requestClose(); }}
        title={t('admin.sitePages.editorTitle', { slug: page?.slug ?? '' })}
        closeLabel={t('admin.postEditor.close')}
        className="max-w-3xl p-5 sm:p-6"
      >
        <form noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
          <fieldset disabled={save.isPending} className="space-y-4">
            <div>
              <label htmlFor={`${id}-content`} className={labelStyles}>{t('admin.sitePages.content')}</label>
              <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted-foreground">{t('admin.sitePages.contentHint')}</p>
              <textarea
                ref={textarea}
                id={`${id}-content`}
                value={draft.content}
                onChange={(event) => setDraft({ ...draft, content: event.target.value })}
                aria-required
                aria-invalid={blank ? true : undefined}
                aria-describedby={blank ? `${id}-hint ${id}-error` : `${id}-hint`}
                rows={12}
                spellCheck
                className={textareaStyles('min-h-56 font-mono text-xs sm:text-sm')}
              />
              {blank ? <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">{t('admin.sitePages.contentRequired')}</p> : null}
            </div>
            <section aria-labelledby={`${id}-preview`} className="rounded-lg border border-dashed border-border bg-surface p-4">
              <h3 id={`${id}-preview`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t('admin.sitePages.preview')}
              </h3>
              <RichHtml html={draft.content} className="text-sm sm:text-base sm:leading-7" />
            </section>
          </fieldset>
          <div className={editorActions}>
            <Button variant="secondary" onClick={requestClose} disabled={save.isPending}>{t('admin.sitePages.cancel')}</Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {save.isPending ? t('admin.sitePages.saving') : t('admin.sitePages.save')}
            </Button>
          </div>
        </form>
      </Dialog>
      <DiscardChangesDialog open={confirmingClose} onOpenChange={setConfirmingClose} onDiscard={close} />
    </>
  );
}

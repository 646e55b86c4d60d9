import { createPage, deletePage, pageAndDescendantIds, pageTitle } from '@grove/domain/pages/page-commands';
import { pageTreeRows, pruneExpanded } from '@grove/domain/pages/page-tree';
import { generateId } from '@grove/domain/workspace/ids';
import type { StudioData } from '@grove/domain/workspace/model';
import { FileText, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useHref, useNavigate } from 'react-router';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useExpandedPages } from '@/lib/expanded-pages.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { useLinkParams } from '@/lib/use-link-params.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { rowAfterDelete } from './page-tree-keyboard.ts';
import { PageTree } from './page-tree.tsx';

const selectPages = (data: StudioData) => data.pages;

function EmptyState({ onCreate, buttonRef }: { onCreate: () => void; buttonRef: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <FileText aria-hidden className="mb-3 h-10 w-10 text-muted-foreground" />
      <p className="text-lg font-semibold">{t('pageTree.empty.title')}</p>
      <p className="mt-1 max-w-sm text-muted-foreground">{t('pageTree.empty.hint')}</p>
      <Button ref={buttonRef} className="mt-5" onClick={onCreate}><Plus aria-hidden className="h-4 w-4" />{t('pageTree.empty.create')}</Button>
    </div>
  );
}

const LINK_PARAMS = ['new'] as const;

/** Notes and docs (docs/product.md): the root pages as a tree, New page, recursive delete with Undo. */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'pages', path: APP_PATHS.pages });
  const store = useWorkspaceStore();
  const navigate = useNavigate();
  const hrefBase = useHref(APP_PATHS.pages);
  const { notifyDone } = useUndo();
  const pages = useWorkspaceSelector(selectPages);
  const [expanded, toggle, setExpanded, replaceExpanded] = useExpandedPages();
  const rows = useMemo(() => pageTreeRows(pages, expanded), [pages, expanded]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ readonly id: string } | null>(null);
  const emptyButton = useRef<HTMLButtonElement>(null);
  const focusEmptyButton = useRef(false);

  // Ids of pages deleted since the last visit are dropped once, on arrival; not on every change, so a page
  // brought back by Undo comes back expanded as it was.
  const pagesOnArrival = useRef(pages);
  useEffect(() => {
    const pruned = pruneExpanded(pagesOnArrival.current, expanded);
    if (pruned !== expanded) replaceExpanded(pruned);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (pages.length === 0 && focusEmptyButton.current) {
      focusEmptyButton.current = false;
      emptyButton.current?.focus();
    }
  }, [pages.length]);

  const openPage = useCallback((id: string) => {
    void navigate(`${APP_PATHS.pages}/${encodeURIComponent(id)}`);
  }, [navigate]);

  const create = () => {
    const id = generateId('page');
    store.dispatch(createPage, { id, blockId: generateId('block'), parentId: null });
    openPage(id);
  };
  // `?new=1`: New page from the command palette or its shortcut, N (issue 32).
  useLinkParams(LINK_PARAMS, () => create());

  const toDelete = useMemo(() => (deleting === null ? undefined : pages.find((page) => page.id === deleting)), [deleting, pages]);
  const subpages = useMemo(() => (toDelete ? pageAndDescendantIds(pages, toDelete.id).size - 1 : 0), [pages, toDelete]);

  const confirmDelete = () => {
    if (!toDelete) return;
    const next = rowAfterDelete(rows, rows.findIndex((row) => row.id === toDelete.id));
    notifyDone(t('pageTree.toast.deleted'), store.dispatch(deletePage, { id: toDelete.id }));
    setDeleting(null);
    if (next) setFocusRequest({ id: next });
    else focusEmptyButton.current = true;
  };

  const name = toDelete ? pageTitle(toDelete) : '';
  return (
    <div className="max-w-4xl">
      <ScreenHeader
        title={title}
        subtitle={description}
        actions={<Button onClick={create}><Plus aria-hidden className="h-4 w-4" />{t('pageTree.new')}</Button>}
      />
      {rows.length === 0 ? (
        <EmptyState onCreate={create} buttonRef={emptyButton} />
      ) : (
        <PageTree
          rows={rows}
          hrefBase={hrefBase}
          onOpen={openPage}
          onToggle={toggle}
          onExpandedChange={setExpanded}
          onDelete={setDeleting}
          focusRequest={focusRequest}
        />
      )}
      {toDelete ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => { if (!open) setDeleting(null); }}
          title={t('pageTree.confirm.title')}
          description={subpages > 0
            ? t('pageTree.confirm.withSubpages', { title: name, count: subpages })
            : t('pageTree.confirm.noSubpages', { title: name })}
          confirmLabel={t('pageTree.confirm.button')}
          cancelLabel={t('pageTree.confirm.cancel')}
          destructive
          onConfirm={confirmDelete}
        />
      ) : null}
    </div>
  );
}

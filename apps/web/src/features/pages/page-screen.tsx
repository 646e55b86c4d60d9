import { createPage, pageTitle, renamePage } from '@grove/domain/pages/page-commands';
import { pageAncestors } from '@grove/domain/pages/page-path';
import { generateId } from '@grove/domain/workspace/ids';
import { DEFAULT_PAGE_TITLE, type StudioData } from '@grove/domain/workspace/model';
import { selectPage } from '@grove/domain/workspace/selectors';
import { ChevronRight, FilePlus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageIcon } from '@/components/page-icon.tsx';
import { Button } from '@/components/ui/button.tsx';
import { expandPages } from '@/lib/expanded-pages.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { browserStorage } from '@/lib/safe-storage.ts';
import { noteRecentItem } from '@/lib/recent-items.ts';
import { useLinkParams } from '@/lib/use-link-params.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { PageCover } from './page-cover.tsx';
import { PageEditor, type PageEditorHandle } from './page-editor.tsx';
import { PageIconPicker } from './page-icon-picker.tsx';
import { useFindInPage } from './use-find-in-page.ts';

const LINK_PARAMS = ['new', 'find'] as const;

const pagePath = (id: string) => `${APP_PATHS.pages}/${encodeURIComponent(id)}`;

/** The page's header fields, compared by value so typing in the editor does not re-render the header. */
interface PageHead {
  readonly id: string;
  readonly title: string;
  readonly icon: string;
  readonly coverImage: string | undefined;
  readonly ancestors: readonly { readonly id: string; readonly title: string; readonly icon: string }[];
}

const sameHead = (a: PageHead | undefined, b: PageHead | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && a.id === b.id && a.title === b.title && a.icon === b.icon
    && a.coverImage === b.coverImage && a.ancestors.length === b.ancestors.length
    && a.ancestors.every((crumb, index) => {
      const other = b.ancestors[index];
      return other !== undefined && crumb.id === other.id && crumb.title === other.title && crumb.icon === other.icon;
    }));

function Breadcrumbs({ head }: { head: PageHead }) {
  const { t } = useTranslation();
  const crumb = 'truncate rounded px-1 py-0.5 hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';
  return (
    <nav aria-label={t('pageEditor.breadcrumbs')} className="min-w-0 flex-1 pt-1">
      <ol className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li className="flex min-w-0 items-center"><Link to={APP_PATHS.pages} className={crumb}>{t('pageEditor.allPages')}</Link></li>
        {head.ancestors.map((ancestor) => (
          <li key={ancestor.id} className="flex min-w-0 max-w-56 items-center gap-1">
            <ChevronRight aria-hidden className="h-3.5 w-3.5 shrink-0" />
            {/* A long title is cut to fit: the full one shows on hover. */}
            <Link to={pagePath(ancestor.id)} className={crumb} title={pageTitle(ancestor)}>
              <PageIcon icon={ancestor.icon} className="mr-1" />{pageTitle(ancestor)}
            </Link>
          </li>
        ))}
        <li className="flex min-w-0 max-w-72 items-center gap-1">
          <ChevronRight aria-hidden className="h-3.5 w-3.5 shrink-0" />
          <span aria-current="page" className="truncate px-1 text-foreground" title={pageTitle(head)}>{pageTitle(head)}</span>
        </li>
      </ol>
    </nav>
  );
}

/** A page as New page or New Subpage leaves it: the default title and one empty block. */
const isUntouched = (data: StudioData, id: string): boolean => {
  const page = selectPage(data, id);
  return page !== undefined && page.title === DEFAULT_PAGE_TITLE && page.content.every((block) => block.content === '');
};

function TitleField({ head, onEnter }: { head: PageHead; onEnter: () => void }) {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const field = useRef<HTMLTextAreaElement>(null);
  // A page just made opens ready to be named: the caret in the title, its 'Untitled' selected so typing replaces it.
  // A page with content opens as it is, for reading; nothing takes focus.
  useEffect(() => {
    if (!isUntouched(store.getSnapshot().data, head.id)) return;
    field.current?.focus();
    field.current?.select();
  }, [head.id, store]);
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    const atEnd = event.currentTarget.selectionStart === event.currentTarget.value.length;
    if (event.key === 'Enter' || (event.key === 'ArrowDown' && atEnd)) {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
      <textarea
        ref={field}
        aria-label={t('pageEditor.title')}
        rows={1}
        value={head.title}
        placeholder={t('pageEditor.untitled')}
        // Typed text has its own undo (the field's); the workspace history keeps the steps the user asked for.
        onChange={(event) => store.dispatch(renamePage, { id: head.id, title: event.target.value.replace(/\r?\n/g, ' ') }, { undoable: false })}
        onKeyDown={keyDown}
        className="block w-full resize-none overflow-hidden bg-transparent leading-tight [field-sizing:content] placeholder:text-muted-foreground/60 focus:outline-none"
      />
    </h1>
  );
}

/** One page of notes (docs/product.md, Notes and docs): breadcrumbs, New Subpage, cover, icon, title, the blocks. */
export function Component() {
  const { t } = useTranslation();
  const { pageId = '' } = useParams();
  const store = useWorkspaceStore();
  const navigate = useNavigate();
  const editor = useRef<PageEditorHandle>(null);

  const head = useWorkspaceSelector(useCallback((data: StudioData): PageHead | undefined => {
    const page = selectPage(data, pageId);
    if (!page) return undefined;
    const ancestors = pageAncestors(data.pages, page.id).map(({ id, title, icon }) => ({ id, title, icon }));
    return { id: page.id, title: page.title, icon: page.icon, coverImage: page.coverImage, ancestors };
  }, [pageId]), sameHead);

  useScreenMeta({ key: 'page', path: pagePath(pageId), title: head ? pageTitle(head) : undefined });

  const newSubpage = (head: PageHead) => {
    const id = generateId('page');
    store.dispatch(createPage, { id, blockId: generateId('block'), parentId: pageId });
    // Back in the tree, the new page shows under its (now open) parent and ancestors.
    expandPages(browserStorage('local'), [...head.ancestors.map((ancestor) => ancestor.id), pageId]);
    void navigate(pagePath(id));
  };

  // An unknown id (or a page deleted while open) falls back to the list, saying why (one toast, however often this
  // renders).
  const missing = head === undefined;
  useEffect(() => {
    if (missing) toast.info(t('pageEditor.missing'), { id: 'page-missing' });
  }, [missing, t]);

  // Links from the command palette and its shortcuts (issue 32): `?new=1` a subpage, `?find=<word>` a word found
  // by search, scrolled to and highlighted.
  const [find, setFind] = useState<string | null>(null);
  useLinkParams(LINK_PARAMS, (link) => {
    if (link.new !== undefined && head) newSubpage(head);
    else if (link.find) setFind(link.find);
  });
  const editorElement = useCallback(() => document.querySelector(`[data-page-editor="${CSS.escape(pageId)}"] .ProseMirror`), [pageId]);
  const found = useCallback(() => setFind(null), []);
  useFindInPage(find, editorElement, found);
  const shownId = head?.id;
  useEffect(() => {
    if (shownId !== undefined) noteRecentItem({ kind: 'page', id: shownId });
  }, [shownId]);
  if (!head) return <Navigate to={APP_PATHS.pages} replace />;

  return (
    <article className="max-w-3xl">
      <div className="mb-4 flex items-start justify-between gap-3">
        <Breadcrumbs head={head} />
        {/* Icon only on phones, where the breadcrumbs need the width; the name stays for screen readers. */}
        <Button variant="secondary" size="sm" className="shrink-0" onClick={() => newSubpage(head)}>
          <FilePlus aria-hidden className="h-4 w-4" /><span className="sr-only sm:not-sr-only">{t('pageEditor.newSubpage')}</span>
        </Button>
      </div>
      <PageCover page={head} />
      <div className="mt-3 mb-1">
        <PageIconPicker page={head} />
      </div>
      <TitleField key={head.id} head={head} onEnter={() => editor.current?.focusStart()} />
      <div className="mt-6" data-page-editor={head.id}>
        <PageEditor key={head.id} pageId={head.id} ref={editor} />
      </div>
    </article>
  );
}

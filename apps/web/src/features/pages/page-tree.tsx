import type { PageTreeRow } from '@grove/domain/pages/page-tree';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { PageIcon } from '@/components/page-icon.tsx';
import { cn } from '@/components/ui/cn.ts';
import { isScreenKey } from '@/lib/app-commands/app-commands.ts';
import { isTypeAhead, TREE_MOVES, treeKeyAction } from './page-tree-keyboard.ts';

// The page tree as a WAI-ARIA tree, rendered flat (one element per visible row, aria-level for the nesting), with
// a roving tabindex. Each treeitem is the page's link itself (<a role="treeitem">, which ARIA in HTML allows), so
// Enter, middle-click and "open in new tab" work as on any link and no interactive element sits inside another.
// The chevron and delete buttons are mouse and touch shortcuts for what the arrow keys and Delete do, so they are
// kept out of the tab order and the accessibility tree (the tree's description tells the keys).

/** docs/product.md, Notes and docs: children are indented 24 px per level. */
export const PAGE_INDENT_PX = 24;

interface RowLabels {
  expand: string;
  collapse: string;
  delete: string;
}

// The two icons drawn inline (lucide's chevron-right and trash-2), their stroke in one class: a row's cost is
// mostly the attributes the browser sets, and there are thousands of rows. The buttons hide them from assistive
// technology already.
const ICON = 'h-4 w-4 fill-none stroke-current stroke-2 [stroke-linecap:round] [stroke-linejoin:round]';
const CHEVRON = <svg viewBox="0 0 24 24" className={`${ICON} transition-transform`}><path d="m9 18 6-6-6-6" /></svg>;
const CHEVRON_OPEN = <svg viewBox="0 0 24 24" className={`${ICON} rotate-90 transition-transform`}><path d="m9 18 6-6-6-6" /></svg>;
const TRASH = (
  <svg viewBox="0 0 24 24" className={ICON}>
    <path d="M3 6h18M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2M10 11v6M14 11v6" />
  </svg>
);

interface RowProps {
  id: string;
  href: string;
  title: string;
  icon: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  setSize: number;
  posInSet: number;
  tabbable: boolean;
  labels: RowLabels;
  onOpen: (event: MouseEvent<HTMLAnchorElement>, id: string) => void;
  onToggle: (id: string) => void;
  onDelete: (id: string) => void;
  onFocusRow: (id: string) => void;
}

// Only primitives and stable callbacks come in, so a toggle re-renders the rows that changed, not all of them.
const TreeRow = memo(function TreeRow(props: RowProps) {
  const { id, href, title, icon, depth, hasChildren, expanded, setSize, posInSet, tabbable } = props;
  const { labels, onOpen, onToggle, onDelete, onFocusRow } = props;
  // A click on a shortcut button keeps focus on the row (not on a button that is hidden from assistive technology).
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  return (
    // content-visibility: the browser lays out and paints only the rows on screen (a row is 40 px high).
    <div
      role="none"
      className={cn(
        'group relative flex items-center rounded-lg [contain-intrinsic-size:auto_40px] [content-visibility:auto]',
        'hover:bg-muted focus-within:bg-muted',
      )}
      style={{ paddingInlineStart: depth * PAGE_INDENT_PX }}
    >
      {hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          title={expanded ? labels.collapse : labels.expand}
          data-testid="page-tree-toggle"
          onMouseDown={keepFocus}
          onClick={() => onToggle(id)}
          className="mx-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-surface hover:text-foreground"
        >
          {expanded ? CHEVRON_OPEN : CHEVRON}
        </button>
      ) : <span className="w-8 shrink-0" />}
      <a
        role="treeitem"
        href={href}
        data-page-id={id}
        tabIndex={tabbable ? 0 : -1}
        aria-level={depth + 1}
        aria-setsize={setSize}
        aria-posinset={posInSet}
        aria-expanded={hasChildren ? expanded : undefined}
        title={title}
        onClick={(event) => onOpen(event, id)}
        onFocus={() => onFocusRow(id)}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-2 rounded-md py-2 pr-2 text-foreground outline-none',
          // The keyboard focus ring goes round the whole row (chevron and delete button included), drawn by the link.
          'focus-visible:before:pointer-events-none focus-visible:before:absolute focus-visible:before:inset-0 focus-visible:before:rounded-lg',
          'focus-visible:before:outline-2 focus-visible:before:-outline-offset-2 focus-visible:before:outline-ring',
        )}
      >
        <PageIcon icon={icon} className="w-6 shrink-0 text-center text-lg leading-none" />
        <span className="truncate">{title}</span>
      </a>
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        title={labels.delete}
        data-testid="page-tree-delete"
        onMouseDown={keepFocus}
        onClick={() => onDelete(id)}
        className={cn(
          'mr-1 flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted-foreground opacity-0 transition-opacity',
          'hover:bg-danger/10 hover:text-danger group-hover:opacity-100 group-focus-within:opacity-100 max-sm:opacity-100 pointer-coarse:opacity-100',
        )}
      >
        {TRASH}
      </button>
    </div>
  );
});

interface PageTreeProps {
  rows: readonly PageTreeRow[];
  /** The link of a page: base + '/' + id. */
  hrefBase: string;
  onOpen: (id: string) => void;
  onToggle: (id: string) => void;
  onExpandedChange: (id: string, open: boolean) => void;
  onDelete: (id: string) => void;
  /** A row to focus once it is rendered (after a delete); `null` to leave focus alone. */
  focusRequest: { readonly id: string } | null;
}

export function PageTree({ rows, hrefBase, onOpen, onToggle, onExpandedChange, onDelete, focusRequest }: PageTreeProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const treeRef = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const labels = useMemo(() => ({ expand: t('pageTree.expand'), collapse: t('pageTree.collapse'), delete: t('pageTree.delete') }), [t]);
  const tabbableId = activeId !== null && rows.some((row) => row.id === activeId) ? activeId : (rows[0]?.id ?? null);

  const focusIndex = useCallback((index: number) => {
    const item = treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]')[index];
    item?.focus();
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    const index = rows.findIndex((row) => row.id === focusRequest.id);
    if (index >= 0) focusIndex(index);
    // Only a new request moves focus; rows changing later must not pull it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const open = useCallback((event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // A modified or middle click is the browser's (new tab, new window); a plain one navigates in the app.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(id);
  }, [onOpen]);

  const focusRow = useCallback((id: string) => setActiveId(id), []);

  const toggle = useCallback((id: string) => {
    setActiveId(id);
    treeRef.current?.querySelector<HTMLElement>(`[data-page-id="${CSS.escape(id)}"]`)?.focus();
    onToggle(id);
  }, [onToggle]);

  const askDelete = useCallback((id: string) => {
    // The row holds focus while the dialog is open, so Cancel gives it back there.
    treeRef.current?.querySelector<HTMLElement>(`[data-page-id="${CSS.escape(id)}"]`)?.focus();
    onDelete(id);
  }, [onDelete]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-page-id]') : null;
    const index = target ? rows.findIndex((row) => row.id === target.dataset.pageId) : -1;
    // The keys are the command registry's, which the shortcut sheet lists (app-commands.ts).
    const move = TREE_MOVES.find((name) => isScreenKey(`pages.tree.${name}`, event)) ?? (isTypeAhead(event.key) ? { typed: event.key } : null);
    const action = move === null ? null : treeKeyAction(rows, index, move);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'focus') focusIndex(action.index);
    else if (action.kind === 'expand') onExpandedChange(action.id, true);
    else if (action.kind === 'collapse') onExpandedChange(action.id, false);
    else onDelete(action.id);
  };

  return (
    <>
      <div
        ref={treeRef}
        role="tree"
        aria-label={t('pageTree.label')}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        className="rounded-xl border border-border bg-surface p-2 shadow-card"
      >
        {rows.map((row) => (
          <TreeRow
            key={row.id}
            id={row.id}
            href={`${hrefBase}/${encodeURIComponent(row.id)}`}
            title={row.title}
            icon={row.icon}
            depth={row.depth}
            hasChildren={row.hasChildren}
            expanded={row.expanded}
            setSize={row.setSize}
            posInSet={row.posInSet}
            tabbable={row.id === tabbableId}
            labels={labels}
            onOpen={open}
            onToggle={toggle}
            onDelete={askDelete}
            onFocusRow={focusRow}
          />
        ))}
      </div>
      <p id={hintId} className="sr-only">{t('pageTree.keys')}</p>
    </>
  );
}

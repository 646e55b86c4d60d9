import { renameColumn } from '@grove/domain/kanban/column-commands';
import { columnColour, type ColumnColour } from '@grove/domain/kanban/selectors';
import { isFinishedColumn } from '@grove/domain/workspace/column-roles';
import type { KanbanColumn } from '@grove/domain/workspace/model';
import { MoreHorizontal } from 'lucide-react';
import { use, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/components/ui/cn.ts';
import { useCommitAsTyped } from '@/lib/workspace-store/use-commit-as-typed.ts';
import { RenameRequestContext, useBoardActions } from './board-context.ts';

const DOT_STYLES: Readonly<Record<ColumnColour, string>> = {
  blue: 'bg-sky-500',
  yellow: 'bg-amber-400',
  purple: 'bg-violet-500',
  green: 'bg-emerald-500',
  neutral: 'bg-stone-400 dark:bg-stone-500',
};

interface ColumnHeaderProps {
  column: KanbanColumn;
  /** What the count says: the tasks shown (and of how many, while a filter hides some). */
  shown: number;
  total: number;
  /** The column's drag handle (made by the column, which owns the sortable). */
  dragHandle: ReactNode;
}

/**
 * The inline title edit, committed as typed so a reload keeps it (decision 064): Enter or leaving the field keeps
 * the text as one undo step, Escape puts the old title back.
 */
function TitleEditor({ column, onDone }: { column: KanbanColumn; onDone: () => void }) {
  const { t } = useTranslation();
  const typed = useCommitAsTyped(renameColumn, (title) => ({ id: column.id, title }), column.title);
  const [value, setValue] = useState(column.title);
  const finished = useRef(false);
  const end = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    typed.finish(save ? value : null);
    onDone();
  };
  return (
    <input
      autoFocus
      value={value}
      aria-label={t('kanban.column.titleField')}
      maxLength={100}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => {
        setValue(event.target.value);
        typed.type(event.target.value);
      }}
      onBlur={() => end(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          // Kept from the title button that takes focus next, which would read it as a click and edit again.
          event.preventDefault();
          end(true);
        } else if (event.key === 'Escape') {
          event.stopPropagation();
          end(false);
        }
      }}
      className="-my-0.5 h-7 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
    />
  );
}

export function ColumnHeader({ column, shown, total, dragHandle }: ColumnHeaderProps) {
  const { t } = useTranslation();
  const { askDeleteColumn, askClearCompleted } = useBoardActions();
  const renameRequest = use(RenameRequestContext);
  const [editing, setEditing] = useState(false);
  const titleButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Rename from the menu: the menu must not take focus back from the title field it opens.
  const renamingFromMenu = useRef(false);

  // A column just added opens with its title in edit.
  const requested = renameRequest.columnId === column.id;
  const isEditing = editing || requested;

  useEffect(() => {
    if (isEditing || !returnFocus.current) return;
    returnFocus.current = false;
    titleButton.current?.focus();
  }, [isEditing]);

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
    if (requested) renameRequest.done();
  };
  const filtered = shown !== total;

  return (
    <div className="flex items-center gap-2 px-3 pt-3 pb-2">
      {dragHandle}
      <span aria-hidden className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOT_STYLES[columnColour(column)])} />
      {isEditing ? <TitleEditor column={column} onDone={stopEditing} /> : (
        <h2 className="min-w-0 flex-1">
          <button
            type="button"
            ref={titleButton}
            onClick={() => setEditing(true)}
            title={t('kanban.column.renameHint')}
            className="block max-w-full truncate rounded-md px-1 text-left text-sm font-semibold hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            {column.title}
          </button>
        </h2>
      )}
      <span className="relative shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium tabular-nums text-muted-foreground dark:bg-white/10">
        <span aria-hidden>{filtered ? `${shown}/${total}` : total}</span>
        <span className="sr-only">{filtered ? t('kanban.column.countFiltered', { shown, total }) : t('kanban.column.count', { count: total })}</span>
      </span>
      <Menu modal={false}>
        <MenuTrigger
          aria-label={t('kanban.column.actions', { title: column.title })}
          className="rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:bg-muted pointer-coarse:p-2"
        >
          <MoreHorizontal aria-hidden className="h-4 w-4" />
        </MenuTrigger>
        <MenuContent
          align="end"
          onCloseAutoFocus={(event) => {
            if (!renamingFromMenu.current) return;
            renamingFromMenu.current = false;
            event.preventDefault();
          }}
        >
          <MenuItem
            onSelect={() => {
              renamingFromMenu.current = true;
              setEditing(true);
            }}
          >{t('kanban.column.rename')}
          </MenuItem>
          {isFinishedColumn(column) ? (
            <MenuItem disabled={total === 0} onSelect={() => askClearCompleted(column.id)}>{t('kanban.column.clearCompleted')}</MenuItem>
          ) : null}
          <MenuSeparator />
          <MenuItem destructive onSelect={() => askDeleteColumn(column.id)}>{t('kanban.column.delete')}</MenuItem>
        </MenuContent>
      </Menu>
    </div>
  );
}

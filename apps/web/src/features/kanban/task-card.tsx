import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isOverdue, priorityColour } from '@grove/domain/kanban/selectors';
import { priorityOf } from '@grove/domain/kanban/task-fields';
import type { KanbanItem } from '@grove/domain/workspace/model';
import { selectColumns } from '@grove/domain/workspace/selectors';
import { CalendarDays, MoreHorizontal, Trash2 } from 'lucide-react';
import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/components/ui/cn.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { useBoardActions } from './board-context.ts';
import { taskDndId, type BoardDragData } from './board-dnd.ts';
import { dueDateLabel } from './due-date.ts';
import { isScreenKey } from '@/lib/app-commands/app-commands.ts';

const PRIORITY_STYLES = {
  red: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  yellow: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-200',
  blue: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-200',
} as const;

/** Tags a card shows before '+N'; the edit dialog has them all. */
const VISIBLE_TAGS = 3;

const iconButton =
  'rounded-md p-1.5 text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring pointer-coarse:p-2.5';

export function PriorityBadge({ task }: { task: Pick<KanbanItem, 'priority'> }) {
  const { t } = useTranslation();
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', PRIORITY_STYLES[priorityColour(task)])}>
      {t(`kanban.priority.${priorityOf(task)}`)}
    </span>
  );
}

interface TaskCardBodyProps {
  task: KanbanItem;
  /** In the finished column: the due date is shown plainly, never as overdue. */
  done?: boolean;
}

/**
 * What a card shows: priority, title, a line of description, tags, the due date ('Mar 5', overdue marked).
 * Memoised on the task: every drag re-renders each card's sortable shell, never this.
 */
export const TaskCardBody = memo(function TaskCardBody({ task, done = false }: TaskCardBodyProps) {
  const { t } = useTranslation();
  const overdue = !done && isOverdue(task, new Date());
  const hiddenTags = task.tags.length - VISIBLE_TAGS;
  return (
    <>
      <div className="flex min-h-6 items-center gap-2 pr-16">
        <PriorityBadge task={task} />
      </div>
      {/* Four lines at most, so one pasted paragraph does not fill the column; the whole title is in the tooltip and the edit dialog. */}
      <p className="mt-2 line-clamp-4 font-medium leading-snug wrap-anywhere" title={task.content}>{task.content}</p>
      {task.description.trim() === '' ? null : (
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground wrap-anywhere">{task.description}</p>
      )}
      {task.tags.length === 0 ? null : (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label={t('kanban.card.tags')}>
          {task.tags.slice(0, VISIBLE_TAGS).map((tag) => (
            <li key={tag} title={tag} className="max-w-full truncate rounded-md bg-muted px-1.5 py-0.5 text-xs text-muted-foreground dark:bg-white/10">{tag}</li>
          ))}
          {hiddenTags > 0 ? (
            <li title={task.tags.slice(VISIBLE_TAGS).join(', ')} className="rounded-md px-1 py-0.5 text-xs font-medium text-muted-foreground">
              {t('kanban.card.moreTags', { count: hiddenTags })}
            </li>
          ) : null}
        </ul>
      )}
      {task.dueDate === undefined ? null : (
        <p className={cn('mt-2 flex items-center gap-1 text-xs', overdue ? 'font-semibold text-danger' : 'text-muted-foreground')}>
          <CalendarDays aria-hidden className="h-3.5 w-3.5" />
          <span>{t(overdue ? 'kanban.card.overdue' : 'kanban.card.due', { date: dueDateLabel(task.dueDate) })}</span>
        </p>
      )}
    </>
  );
});

/** The 'Move to' choices: every other column, listed in the card menu itself (a submenu would not fit a phone). */
function MoveToItems({ taskId, columnId }: { taskId: string; columnId: string }) {
  const { t } = useTranslation();
  const { commands } = useBoardActions();
  const columns = useWorkspaceSelector(selectColumns).filter((column) => column.id !== columnId);
  if (columns.length === 0) return null;
  return (
    <>
      <MenuSeparator />
      <MenuLabel>{t('kanban.card.moveTo')}</MenuLabel>
      {columns.map((column) => (
        <MenuItem key={column.id} onSelect={() => commands.moveTaskToColumn(taskId, column.id)}>
          <span className="truncate">{column.title}</span>
        </MenuItem>
      ))}
    </>
  );
}

function CardMenu({ task, columnId, armed }: { task: KanbanItem; columnId: string; armed: boolean }) {
  const { t } = useTranslation();
  const { openEdit, askDeleteTask } = useBoardActions();
  // Opened by a press that came before the card was armed (a tap on a touch screen): the menu mounts open.
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // Focus that reached the plain button itself (not by way of the card) moves to Radix's trigger when it replaces it.
  const focusTrigger = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!armed || !focusTrigger.current) return;
    focusTrigger.current = false;
    if (!openAtOnce) trigger.current?.focus();
  }, [armed, openAtOnce]);
  const label = t('kanban.card.actions', { title: task.content });
  const className = cn(iconButton, 'hover:bg-muted hover:text-foreground data-[state=open]:bg-muted');
  if (!armed && !openAtOnce) {
    // The same button as Radix's trigger, closed; it opens the menu the way Radix's would (press, Enter, Space, ArrowDown).
    const open = (event: { preventDefault: () => void }) => {
      event.preventDefault();
      setOpenAtOnce(true);
    };
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        data-state="closed"
        className={className}
        onFocus={() => {
          focusTrigger.current = true;
        }}
        onPointerDown={(event) => {
          if (event.button === 0 && !event.ctrlKey) open(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') open(event);
        }}
      >
        <MoreHorizontal aria-hidden className="h-4 w-4" />
      </button>
    );
  }
  return (
    <Menu modal={false} defaultOpen={openAtOnce}>
      <MenuTrigger ref={trigger} aria-label={label} className={className}>
        <MoreHorizontal aria-hidden className="h-4 w-4" />
      </MenuTrigger>
      <MenuContent align="end" className="max-w-64">
        <MenuItem onSelect={() => openEdit(task.id)}>{t('kanban.card.edit')}</MenuItem>
        <MoveToItems taskId={task.id} columnId={columnId} />
        <MenuSeparator />
        <MenuItem destructive onSelect={() => askDeleteTask(task.id)}>{t('kanban.card.delete')}</MenuItem>
      </MenuContent>
    </Menu>
  );
}

/**
 * The card's menu and delete button, beside the draggable part; memoised like the body. The menu is Radix's once
 * the card is `armed` (first hovered or focused): a board draws hundreds of cards, and Radix's closed menu is about
 * twenty components each, mounted for a menu most cards never open.
 */
const CardActions = memo(function CardActions({ task, columnId, armed }: { task: KanbanItem; columnId: string; armed: boolean }) {
  const { t } = useTranslation();
  const { askDeleteTask } = useBoardActions();
  return (
    <div
      className={cn(
        'absolute top-2 right-2 flex gap-0.5 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100',
        'pointer-coarse:opacity-100 has-[[data-state=open]]:opacity-100',
      )}
    >
      <CardMenu task={task} columnId={columnId} armed={armed} />
      <button
        type="button"
        aria-label={t('kanban.card.deleteNamed', { title: task.content })}
        onClick={() => askDeleteTask(task.id)}
        className={cn(iconButton, 'hover:bg-red-50 hover:text-danger dark:hover:bg-red-500/10')}
      >
        <Trash2 aria-hidden className="h-4 w-4" />
      </button>
    </div>
  );
});

interface TaskCardProps {
  task: KanbanItem;
  columnId: string;
  /** The column is the finished one (no overdue mark there). */
  done: boolean;
  /** 'draggable task', translated once by the column rather than by each card. */
  roleDescription: string;
}

/**
 * A card: click or Enter edits, Space picks it up for a keyboard drag (arrows move it, Space drops, Escape
 * cancels), Delete asks to delete. The actions sit beside the draggable part, not inside it, so no control is
 * nested in another. This shell re-renders on every drag (dnd-kit's context); its body and actions do not.
 */
export const TaskCard = memo(function TaskCard({ task, columnId, done, roleDescription }: TaskCardProps) {
  const { openEdit, askDeleteTask } = useBoardActions();
  // Hovering or focusing the card (the pointer or Tab on its way to the menu) mounts the menu's Radix parts.
  const [menuArmed, setMenuArmed] = useState(false);
  const arm = menuArmed ? undefined : () => setMenuArmed(true);
  const data: BoardDragData = { type: 'task', taskId: task.id, columnId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: taskDndId(task.id),
    data,
    attributes: { roleDescription },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    listeners?.onKeyDown?.(event);
    if (event.defaultPrevented || isDragging || event.target !== event.currentTarget) return;
    // The keys are the command registry's, which the shortcut sheet lists (app-commands.ts).
    const is = (id: string) => isScreenKey(id, event);
    if (is('board.open')) {
      event.preventDefault();
      openEdit(task.id);
    } else if (is('board.delete')) {
      event.preventDefault();
      askDeleteTask(task.id);
    }
  };

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('group relative', isDragging && 'z-10')}
      data-task-id={task.id}
      onPointerEnter={arm}
      onFocus={arm}
    >
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={() => openEdit(task.id)}
        className={cn(
          'cursor-grab touch-manipulation rounded-lg border border-border bg-surface p-3 text-left shadow-sm transition-shadow dark:bg-surface-raised',
          'hover:shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          isDragging && 'border-dashed opacity-40 shadow-none',
        )}
      >
        <TaskCardBody task={task} done={done} />
      </div>
      <div className={isDragging ? 'invisible' : undefined}>
        <CardActions task={task} columnId={columnId} armed={menuArmed} />
      </div>
    </li>
  );
});

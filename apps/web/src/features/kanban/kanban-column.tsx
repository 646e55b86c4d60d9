import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { isFilterActive, taskMatchesFilter, type TaskFilter } from '@grove/domain/kanban/selectors';
import { isFinishedColumn } from '@grove/domain/workspace/column-roles';
import { selectColumn, selectColumnTasks } from '@grove/domain/workspace/selectors';
import type { StudioData } from '@grove/domain/workspace/model';
import { GripVertical, Plus } from 'lucide-react';
import { Fragment, memo, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { useWorkspaceSelector } from '@/lib/workspace-store/workspace-provider.tsx';
import { DropHintContext, useBoardActions } from './board-context.ts';
import { columnDndId, taskDndId, type BoardDragData } from './board-dnd.ts';
import { ColumnHeader } from './column-header.tsx';
import { TaskCard } from './task-card.tsx';
import { scrollFadeMask, useScrollEdges } from './use-scroll-edges.ts';

/**
 * Cards a column renders at first and adds each time its end scrolls into view: a 5,000-task board draws a few
 * hundred cards at most, not all of them (decision 042). Dropping on the column still appends after every task.
 */
export const CARD_WINDOW = 25;

function DropLine() {
  return <li aria-hidden className="h-1 rounded-full bg-primary" />;
}

/** The button that shows the next cards, pressed by itself when it scrolls into view. */
function ShowMore({ hidden, onShow }: { hidden: number; onShow: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onShow();
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onShow]);
  return (
    <button ref={ref} type="button" onClick={onShow} className="w-full rounded-md py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
      {t('kanban.column.showMore', { count: hidden })}
    </button>
  );
}

interface KanbanColumnViewProps {
  columnId: string;
  filter: TaskFilter;
}

export const KanbanColumnView = memo(function KanbanColumnView({ columnId, filter }: KanbanColumnViewProps) {
  const { t } = useTranslation();
  const { openCreate } = useBoardActions();
  const dropHint = use(DropHintContext);
  const column = useWorkspaceSelector(useCallback((data: StudioData) => selectColumn(data, columnId), [columnId]));
  const tasks = useWorkspaceSelector(useCallback((data: StudioData) => selectColumnTasks(data, columnId), [columnId]));
  const [limit, setLimit] = useState(CARD_WINDOW);
  const showMore = useCallback(() => setLimit((current) => current + CARD_WINDOW), []);

  const filtering = isFilterActive(filter);
  const matching = useMemo(() => (filtering ? tasks.filter((task) => taskMatchesFilter(task, filter)) : tasks), [tasks, filter, filtering]);
  const shown = matching.length > limit ? matching.slice(0, limit) : matching;
  const sortableIds = useMemo(() => shown.map((task) => taskDndId(task.id)), [shown]);
  // A card cut by the column's end fades out rather than stopping at a hard line.
  const [listRef, edges] = useScrollEdges<HTMLUListElement>('y', shown.length);

  const data: BoardDragData = { type: 'column', columnId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: columnDndId(columnId),
    data,
    attributes: { roleDescription: t('kanban.dnd.columnRole') },
  });
  if (!column) return null;

  const hint = dropHint?.columnId === columnId ? dropHint : null;
  const taskRole = t('kanban.dnd.taskRole');
  const done = isFinishedColumn(column);

  return (
    <section
      ref={setNodeRef}
      aria-label={column.title}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex min-h-48 w-[min(350px,calc(100vw-3rem))] shrink-0 snap-start flex-col rounded-xl border bg-muted/60 md:max-h-[calc(100dvh-18.5rem)] md:w-[350px] dark:bg-black/20',
        hint ? 'border-primary/60 bg-accent/50' : 'border-border',
        isDragging && 'opacity-60 shadow-card',
      )}
      data-column-id={columnId}
    >
      <ColumnHeader
        column={column}
        shown={matching.length}
        total={tasks.length}
        dragHandle={(
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('kanban.column.drag', { title: column.title })}
            className="-ml-1 cursor-grab touch-manipulation rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring pointer-coarse:p-2"
          >
            <GripVertical aria-hidden className="h-4 w-4" />
          </button>
        )}
      />
      <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
        <ul
          ref={listRef}
          data-card-list
          style={{ maskImage: scrollFadeMask(edges, 'y', '1.5rem') }}
          className="flex min-h-16 flex-1 flex-col gap-2 overflow-y-auto px-3 py-1 [scrollbar-width:thin]"
          aria-label={t('kanban.column.tasks', { title: column.title })}
        >
          {shown.map((task) => (
            <Fragment key={task.id}>
              {hint?.beforeTaskId === task.id ? <DropLine /> : null}
              <TaskCard task={task} columnId={columnId} done={done} roleDescription={taskRole} />
            </Fragment>
          ))}
          {hint && hint.beforeTaskId === null ? <DropLine /> : null}
          {shown.length === 0 && !hint ? (
            <li className="flex flex-1 items-center justify-center rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
              {filtering && tasks.length > 0 ? t('kanban.column.noMatches') : t('kanban.column.empty')}
            </li>
          ) : null}
          {matching.length > shown.length ? <li><ShowMore hidden={matching.length - shown.length} onShow={showMore} /></li> : null}
        </ul>
      </SortableContext>
      <div className="p-2">
        <button
          type="button"
          onClick={() => openCreate(columnId)}
          aria-label={t('kanban.column.addTaskTo', { title: column.title })}
          className="flex w-full items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-muted-foreground hover:bg-surface hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Plus aria-hidden className="h-4 w-4" />
          {t('kanban.column.addTask')}
        </button>
      </div>
    </section>
  );
});

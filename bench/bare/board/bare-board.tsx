import {
  closestCorners, DndContext, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KanbanBoard, KanbanColumn, KanbanItem, StudioData } from '@grove/domain/workspace/model';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type * as Y from 'yjs';
import { queryNumber, seededWorkspace } from '../seeded-workspace.ts';
import { openStoredWorkspace, withYjs } from '../yjs-storage.ts';
import './board.css';

// bench:board's bare baseline: the seeded board drawn with plain React, @dnd-kit/core and @dnd-kit/sortable as their
// documentation sets them up (pointer and keyboard sensors, sortableKeyboardCoordinates, closestCorners, a
// SortableContext per column, the default announcements), nothing of Grove's. A drop moves the card in React state;
// nothing is stored. ?window=N draws the first N cards of each column, as Grove's board does (a 5,000-task board
// draws 25 a column until scrolled); without it, every card.
// ?yjs: the same board with a Yjs document under it (decision 076), as a plain app on Yjs would have it: the
// seeded workspace turned into the document on the first visit and stored (../yjs-storage.ts); a later visit
// decodes the stored document and reads the workspace out of it; a drop writes the move into the document, the
// board re-reads its columns from it, and the update is stored right after.

/** The stored Yjs document's columns (?yjs), and the workspace read out of it. */
function openYjsBoard(): { data: StudioData; columns: Y.Array<Y.Map<unknown>> } {
  const { root, data } = openStoredWorkspace();
  return { data, columns: (root.get('kanbanBoard') as Y.Map<unknown>).get('columns') as Y.Array<Y.Map<unknown>> };
}

const yjsBoard = withYjs ? openYjsBoard() : null;
const board: KanbanBoard = (yjsBoard?.data ?? seededWorkspace()).kanbanBoard;
const items: Record<string, KanbanItem> = board.items;
const cardWindow = queryNumber('window', Number.POSITIVE_INFINITY);

function Card({ item }: { item: KanbanItem }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: item.id, attributes: { roleDescription: 'draggable task' } });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} data-task-id={item.id}>
      <div className="card" {...attributes} {...listeners}>
        <span className="priority">{item.priority ?? 'medium'}</span>
        <p className="title">{item.content}</p>
        {item.description ? <p className="description">{item.description}</p> : null}
        {item.tags.length > 0 ? <ul className="tags">{item.tags.map((tag) => <li key={tag}>{tag}</li>)}</ul> : null}
        {item.dueDate ? <p className="due">Due {item.dueDate}</p> : null}
      </div>
    </li>
  );
}

function Column({ column }: { column: KanbanColumn }) {
  const { setNodeRef } = useDroppable({ id: column.id });
  const shown = column.itemIds.slice(0, cardWindow);
  return (
    <section ref={setNodeRef} className="column" aria-label={column.title} data-column-id={column.id}>
      <h2>{column.title} ({column.itemIds.length})</h2>
      <SortableContext items={shown} strategy={verticalListSortingStrategy}>
        <ul>
          {shown.map((id) => {
            const item = items[id];
            return item ? <Card key={id} item={item} /> : null;
          })}
        </ul>
      </SortableContext>
      {column.itemIds.length > shown.length ? <p className="more">{column.itemIds.length - shown.length} more</p> : null}
    </section>
  );
}

interface Move {
  from: number;
  fromAt: number;
  to: number;
  toAt: number;
}

/** Over a card: before it (after it, within its own column when moving down); over a column: at its end. */
function planMove(columns: readonly KanbanColumn[], activeId: string, overId: string): Move | null {
  const from = columns.findIndex((column) => column.itemIds.includes(activeId));
  const to = columns.findIndex((column) => column.id === overId || column.itemIds.includes(overId));
  const fromIds = columns[from]?.itemIds;
  const toIds = columns[to]?.itemIds;
  if (!fromIds || !toIds) return null;
  const fromAt = fromIds.indexOf(activeId);
  if (from === to) return { from, fromAt, to, toAt: Math.max(0, fromIds.indexOf(overId)) };
  const at = toIds.indexOf(overId);
  return { from, fromAt, to, toAt: at === -1 ? toIds.length : at };
}

/** The move applied to plain columns (arrayMove's order within one column). */
function applyMove(columns: readonly KanbanColumn[], { from, fromAt, to, toAt }: Move): KanbanColumn[] {
  const next = columns.map((column) => ({ ...column, itemIds: [...column.itemIds] }));
  const [id] = next[from]?.itemIds.splice(fromAt, 1) ?? [];
  if (id !== undefined) next[to]?.itemIds.splice(toAt, 0, id);
  return next;
}

/** The move written into the document, in one transaction. */
function writeMove(columns: Y.Array<Y.Map<unknown>>, { from, fromAt, to, toAt }: Move): void {
  columns.doc?.transact(() => {
    const fromIds = columns.get(from).get('itemIds') as Y.Array<string>;
    const id = fromIds.get(fromAt);
    fromIds.delete(fromAt, 1);
    (columns.get(to).get('itemIds') as Y.Array<string>).insert(toAt, [id]);
  });
}

function Board() {
  const [columns, setColumns] = useState<KanbanColumn[]>(board.columns);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  // With Yjs the board shows what the document holds: it re-reads the columns on every change.
  useEffect(() => {
    const source = yjsBoard?.columns;
    if (!source) return undefined;
    const reread = () => setColumns(source.toJSON() as KanbanColumn[]);
    source.observeDeep(reread);
    return () => source.unobserveDeep(reread);
  }, []);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const move = planMove(columns, String(active.id), String(over.id));
    if (!move) return;
    if (yjsBoard) writeMove(yjsBoard.columns, move);
    else setColumns((current) => applyMove(current, move));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={onDragEnd}>
      <div className="board">
        {columns.map((column) => <Column key={column.id} column={column} />)}
      </div>
    </DndContext>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Board /></StrictMode>);

import {
  closestCorners, DndContext, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors, type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { KanbanColumn, KanbanItem } from '@grove/domain/workspace/model';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { queryNumber, seededWorkspace } from '../seeded-workspace.ts';
import './board.css';

// bench:board's bare baseline: the seeded board drawn with plain React, @dnd-kit/core and @dnd-kit/sortable as their
// documentation sets them up (pointer and keyboard sensors, sortableKeyboardCoordinates, closestCorners, a
// SortableContext per column, the default announcements), nothing of Grove's. A drop moves the card in React state;
// nothing is stored. ?window=N draws the first N cards of each column, as Grove's board does (a 5,000-task board
// draws 25 a column until scrolled); without it, every card.

const board = seededWorkspace().kanbanBoard;
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

function Board() {
  const [columns, setColumns] = useState<KanbanColumn[]>(board.columns);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  // Over a card: before it (after it, within its own column when moving down); over a column: at its end.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    setColumns((current) => {
      const from = current.find((column) => column.itemIds.includes(activeId));
      const to = current.find((column) => column.id === overId || column.itemIds.includes(overId));
      if (!from || !to) return current;
      if (from === to) {
        const itemIds = arrayMove(from.itemIds, from.itemIds.indexOf(activeId), Math.max(0, from.itemIds.indexOf(overId)));
        return current.map((column) => (column === from ? { ...column, itemIds } : column));
      }
      const at = to.itemIds.indexOf(overId);
      const into = [...to.itemIds];
      into.splice(at === -1 ? into.length : at, 0, activeId);
      return current.map((column) => {
        if (column === from) return { ...column, itemIds: column.itemIds.filter((id) => id !== activeId) };
        return column === to ? { ...column, itemIds: into } : column;
      });
    });
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

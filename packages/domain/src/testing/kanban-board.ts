// Test support only: a small hand-made board for the kanban rules' tests. Never imported by app code.
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { idsFromSeed } from '../workspace/ids.ts';
import type { GardenEntry, KanbanItem, StudioData } from '../workspace/model.ts';

export const BOARD_NOW = new Date('2026-03-05T10:00:00.000Z');

export function task(id: string, fields: Partial<KanbanItem> = {}): KanbanItem {
  return { id, content: `Task ${id}`, description: '', priority: 'medium', tags: [], ...fields };
}

export function tree(id: string, fields: Partial<GardenEntry> = {}): GardenEntry {
  return { id, sourceId: id, sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: BOARD_NOW.toISOString(), ...fields };
}

/** To-do [a, b], In progress [c], Under review [], Finished [d]; every task with its tree; no score yet. */
export function boardData(): StudioData {
  const base = createDefaultStudioData(BOARD_NOW, idsFromSeed({ time: 1, salt: 1 }));
  const ids = ['a', 'b', 'c', 'd'];
  return {
    ...base,
    kanbanBoard: {
      columns: [
        { id: 'todo', title: 'To-do', itemIds: ['a', 'b'] },
        { id: 'doing', title: 'In progress', itemIds: ['c'] },
        { id: 'review', title: 'Under review', itemIds: [] },
        { id: 'done', title: 'Finished', itemIds: ['d'] },
      ],
      items: Object.fromEntries(ids.map((id) => [id, task(id)])),
    },
    garden: ids.map((id) => tree(id)),
  };
}

/** The task ids of each column, by column id: the board's layout at a glance. */
export function layout(data: StudioData): Record<string, string[]> {
  return Object.fromEntries(data.kanbanBoard.columns.map((column) => [column.id, column.itemIds]));
}

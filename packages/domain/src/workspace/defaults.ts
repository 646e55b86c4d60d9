import { addLocalDays, toLocalIsoDate } from './iso-date.ts';
import { generateId, type IdGenerator } from './ids.ts';
import type { Gamification, KanbanBoard, KanbanColumn, KanbanItem, MindMap, StudioData } from './model.ts';

// The default Studio data (docs/product.md, Local-first storage): what a first visit and 'Clear All' produce.

/** Fixed ids, so the default columns are the same in every tab and after every reset. */
export const DEFAULT_COLUMNS = [
  { id: 'todo', title: 'To-do' },
  { id: 'in-progress', title: 'In progress' },
  { id: 'under-review', title: 'Under review' },
  { id: 'finished', title: 'Finished' },
] as const;

export const CENTRAL_IDEA_NODE_ID = 'central-idea';
export const CENTRAL_IDEA_LABEL = 'Central Idea';
export const SAMPLE_TASK_DUE_IN_DAYS = 2;

export function createDefaultColumns(): KanbanColumn[] {
  return DEFAULT_COLUMNS.map(({ id, title }) => ({ id, title, itemIds: [] }));
}

export function createDefaultMindMap(): MindMap {
  return {
    nodes: [{ id: CENTRAL_IDEA_NODE_ID, type: 'customText', position: { x: 0, y: 0 }, data: { label: CENTRAL_IDEA_LABEL } }],
    edges: [],
  };
}

export function createDefaultGamification(): Gamification {
  return { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] };
}

type SampleTask = Omit<KanbanItem, 'id'>;

/** One sample task per default column, in DEFAULT_COLUMNS order: each teaches one thing about Grove. */
function sampleTasks(now: Date): SampleTask[] {
  return [
    {
      content: 'Plan your week',
      description: 'Write down the three things that matter most this week and add each one as a task.',
      priority: 'high',
      tags: ['planning'],
    },
    {
      content: 'Try the Kanban board',
      description: 'Drag this card to another column to track its progress. Moving a task to Finished earns points toward your next level.',
      priority: 'medium',
      tags: ['getting started'],
      dueDate: toLocalIsoDate(addLocalDays(now, SAMPLE_TASK_DUE_IN_DAYS)),
    },
    {
      content: 'Write your first page',
      description: 'Pages hold notes and documents. Create one under Pages and nest subpages in it to keep related notes together.',
      priority: 'low',
      tags: ['notes'],
    },
    {
      content: 'Keep your work safe',
      description: 'Everything you create stays in this browser. Export a backup from Settings now and then so nothing is ever lost.',
      priority: 'low',
      tags: ['getting started'],
    },
  ];
}

/**
 * The four default columns with one sample task each; the 'In progress' task is due in 2 days.
 * Sample tasks get no garden entries: the product plants a tree when the user creates a task, and seeding
 * is not creating. An empty garden also keeps its hint ('create a task to plant the first tree') true.
 */
export function createSeedBoard(now: Date, ids: IdGenerator = generateId): KanbanBoard {
  const columns = createDefaultColumns();
  const items: Record<string, KanbanItem> = {};
  sampleTasks(now).forEach((task, index) => {
    const column = columns[index];
    if (!column) return;
    const id = ids('item');
    items[id] = { id, ...task };
    column.itemIds.push(id);
  });
  return { columns, items };
}

/** A board with no columns and no tasks is empty and gets the seed board; any other board is returned as is. */
export function seedBoardIfEmpty(board: KanbanBoard, now: Date, ids: IdGenerator = generateId): KanbanBoard {
  return board.columns.length === 0 && Object.keys(board.items).length === 0 ? createSeedBoard(now, ids) : board;
}

export function createDefaultStudioData(now: Date, ids: IdGenerator = generateId): StudioData {
  return {
    projects: [],
    pages: [],
    kanbanBoard: createSeedBoard(now, ids),
    mindMap: createDefaultMindMap(),
    garden: [],
    gamification: createDefaultGamification(),
  };
}

import { describe, expect, it } from 'vitest';
import {
  createDefaultGamification, createDefaultMindMap, createDefaultStudioData, createSeedBoard, seedBoardIfEmpty,
} from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import { studioDataSchema } from './model.ts';

const NOW = new Date(2024, 2, 10, 9, 30);
const testIds = () => createIdGenerator({ now: () => 1000, random: () => 0 });

describe('default Studio data', () => {
  it('is valid Studio data with empty projects, pages and garden', () => {
    const data = createDefaultStudioData(NOW, testIds());
    expect(studioDataSchema.safeParse(data).success).toBe(true);
    expect(data.projects).toEqual([]);
    expect(data.pages).toEqual([]);
    expect(data.garden).toEqual([]);
  });

  it('has gamification score 0, level 1, streak 0, no date, nothing unlocked', () => {
    expect(createDefaultGamification()).toEqual({ score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] });
  });

  it('has a mind map of one Central Idea node at the origin and no edges', () => {
    expect(createDefaultMindMap()).toEqual({
      nodes: [{ id: 'central-idea', type: 'customText', position: { x: 0, y: 0 }, data: { label: 'Central Idea' } }],
      edges: [],
    });
  });

  it('returns fresh objects, so a caller cannot change the next default', () => {
    const first = createDefaultStudioData(NOW, testIds());
    first.mindMap.nodes.pop();
    first.kanbanBoard.columns[0]?.itemIds.pop();
    const second = createDefaultStudioData(NOW, testIds());
    expect(second.mindMap.nodes).toHaveLength(1);
    expect(second.kanbanBoard.columns[0]?.itemIds).toHaveLength(1);
  });
});

describe('seed board', () => {
  const board = createSeedBoard(NOW, testIds());
  const taskIn = (title: string) => {
    const column = board.columns.find((candidate) => candidate.title === title);
    return column?.itemIds.map((id) => board.items[id]);
  };

  it('has the four default columns in order', () => {
    expect(board.columns.map(({ id, title }) => ({ id, title }))).toEqual([
      { id: 'todo', title: 'To-do' },
      { id: 'in-progress', title: 'In progress' },
      { id: 'under-review', title: 'Under review' },
      { id: 'finished', title: 'Finished' },
    ]);
  });

  it('has 4 sample tasks, one per column, with generated item ids', () => {
    expect(Object.keys(board.items)).toHaveLength(4);
    for (const column of board.columns) expect(column.itemIds).toHaveLength(1);
    expect(Object.keys(board.items)).toEqual(['item-1000-000000', 'item-1001-000000', 'item-1002-000000', 'item-1003-000000']);
  });

  it('has real sample content', () => {
    expect(taskIn('To-do')).toEqual([{
      id: 'item-1000-000000',
      content: 'Plan your week',
      description: 'Write down the three things that matter most this week and add each one as a task.',
      priority: 'high',
      tags: ['planning'],
    }]);
    expect(taskIn('Under review')?.[0]?.content).toBe('Write your first page');
    expect(taskIn('Finished')?.[0]?.content).toBe('Keep your work safe');
  });

  it('has the \'In progress\' sample task due in 2 days, as a local calendar date', () => {
    expect(taskIn('In progress')?.[0]).toMatchObject({ content: 'Try the Kanban board', priority: 'medium', dueDate: '2024-03-12' });
    const lateEvening = createSeedBoard(new Date(2024, 1, 27, 23, 45), testIds());
    expect(lateEvening.items['item-1001-000000']?.dueDate).toBe('2024-02-29');
  });

  it('gives only the In progress task a due date', () => {
    const dated = Object.values(board.items).filter((item) => item.dueDate !== undefined);
    expect(dated.map((item) => item.content)).toEqual(['Try the Kanban board']);
  });
});

describe('seedBoardIfEmpty', () => {
  it('seeds a board with no columns and no tasks', () => {
    const seeded = seedBoardIfEmpty({ columns: [], items: {} }, NOW, testIds());
    expect(seeded).toEqual(createSeedBoard(NOW, testIds()));
  });

  it('leaves a board with columns alone, even with no tasks', () => {
    const board = { columns: [{ id: 'todo', title: 'To-do', itemIds: [] }], items: {} };
    expect(seedBoardIfEmpty(board, NOW, testIds())).toBe(board);
  });
});

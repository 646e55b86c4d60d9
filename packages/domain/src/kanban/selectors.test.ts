import { describe, expect, it } from 'vitest';
import { boardData, task } from '../testing/kanban-board.ts';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import type { KanbanColumn } from '../workspace/model.ts';
import {
  columnColour, defaultTaskColumn, isFilterActive, isOverdue, priorityColour, selectAllTags, taskMatchesFilter,
} from './selectors.ts';

const column = (title: string, id = title): KanbanColumn => ({ id, title, itemIds: [] });

describe('colours', () => {
  it('column colours: to-do blue, in progress yellow, under review purple, finished green, else neutral', () => {
    expect(['To-do', 'In progress', 'Under review', 'Finished', 'Column 5', 'constructor'].map((title) => columnColour(column(title))))
      .toEqual(['blue', 'yellow', 'purple', 'green', 'neutral', 'neutral']);
    expect(columnColour(column(' in PROGRESS '))).toBe('yellow');
  });

  it('priority colours: high red, medium yellow, low blue; a missing priority is medium', () => {
    expect(priorityColour(task('x', { priority: 'high' }))).toBe('red');
    expect(priorityColour(task('x', { priority: 'medium' }))).toBe('yellow');
    expect(priorityColour(task('x', { priority: 'low' }))).toBe('blue');
    expect(priorityColour({ priority: undefined as never })).toBe('yellow');
  });

  it('Create Task fills the to-do column, else the first; a board without columns has none', () => {
    expect(defaultTaskColumn([column('A'), column('to-do'), column('B')])?.id).toBe('to-do');
    expect(defaultTaskColumn([column('A'), column('B')])?.id).toBe('A');
    expect(defaultTaskColumn([])).toBeUndefined();
  });
});

describe('taskMatchesFilter (the board\'s filter bar)', () => {
  const design = task('t', { content: 'Draw the logo', description: 'Vector, please', priority: 'high', tags: ['Design', 'brand'] });

  it('an empty filter matches every task and is not active', () => {
    expect(taskMatchesFilter(design, {})).toBe(true);
    expect(taskMatchesFilter(design, { text: '  ', priority: 'all', tag: '' })).toBe(true);
    expect(isFilterActive({ text: ' ', priority: 'all', tag: '' })).toBe(false);
    expect(isFilterActive({ tag: 'x' })).toBe(true);
  });

  it('text is searched in the title, description and tags, case-insensitively', () => {
    expect(taskMatchesFilter(design, { text: 'LOGO' })).toBe(true);
    expect(taskMatchesFilter(design, { text: 'vector' })).toBe(true);
    expect(taskMatchesFilter(design, { text: 'bran' })).toBe(true);
    expect(taskMatchesFilter(design, { text: 'invoice' })).toBe(false);
  });

  it('priority must match, a missing priority counting as medium', () => {
    expect(taskMatchesFilter(design, { priority: 'high' })).toBe(true);
    expect(taskMatchesFilter(design, { priority: 'low' })).toBe(false);
    const noPriority = { ...task('u'), priority: undefined as never };
    expect(taskMatchesFilter(noPriority, { priority: 'medium' })).toBe(true);
  });

  it('a tag must be one of the task\'s tags, case-insensitively; all parts must match', () => {
    expect(taskMatchesFilter(design, { tag: 'design' })).toBe(true);
    expect(taskMatchesFilter(design, { tag: 'des' })).toBe(false);
    expect(taskMatchesFilter(design, { tag: 'brand', priority: 'low' })).toBe(false);
    expect(taskMatchesFilter(design, { tag: 'brand', priority: 'high', text: 'logo' })).toBe(true);
  });

  it('selectAllTags lists each tag once, sorted, and the same list while the tasks are unchanged', () => {
    const data = boardData();
    const items = { ...data.kanbanBoard.items, a: task('a', { tags: ['zeta', 'alpha'] }), b: task('b', { tags: ['alpha'] }) };
    const tagged = { ...data, kanbanBoard: { ...data.kanbanBoard, items } };
    expect(selectAllTags(tagged)).toEqual(['alpha', 'zeta']);
    expect(selectAllTags({ ...tagged, projects: [] })).toBe(selectAllTags(tagged));
  });
});

describe.each(TEST_TIME_ZONES)('isOverdue on the user\'s calendar day (%s)', (zone) => {
  inTimeZone(zone);

  it('a task due before today is overdue; due today or later, or with no due date, it is not', () => {
    const now = new Date(2026, 2, 5, 0, 30);
    expect(isOverdue(task('x', { dueDate: '2026-03-04' }), now)).toBe(true);
    expect(isOverdue(task('x', { dueDate: '2026-03-05' }), now)).toBe(false);
    expect(isOverdue(task('x', { dueDate: '2026-03-06' }), now)).toBe(false);
    expect(isOverdue(task('x'), now)).toBe(false);
    expect(isOverdue(task('x', { dueDate: '2026-03-05' }), new Date(2026, 2, 5, 23, 59))).toBe(false);
    expect(isOverdue(task('x', { dueDate: '2026-03-05' }), new Date(2026, 2, 6, 0, 0))).toBe(true);
  });

  it('an older date-time due date counts by the local day of that instant', () => {
    const now = new Date(2026, 2, 5, 12, 0);
    expect(isOverdue(task('x', { dueDate: new Date(2026, 2, 4, 23, 59).toISOString() }), now)).toBe(true);
    expect(isOverdue(task('x', { dueDate: new Date(2026, 2, 5, 0, 1).toISOString() }), now)).toBe(false);
  });

  it('one instant is a different day in different zones: the user\'s own day decides', () => {
    const instant = new Date('2026-03-05T12:00:00.000Z');
    // 01:00 on 6 March in Auckland, 04:00 on 5 March in Los Angeles.
    const expected = { 'Pacific/Auckland': true, 'America/Los_Angeles': false }[zone];
    expect(isOverdue(task('x', { dueDate: '2026-03-05' }), instant)).toBe(expected);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import type { KanbanBoard, KanbanItem, Project, StudioData } from '../workspace/model.ts';
import {
  buildCalendarIndex, cellItems, countItemsInMonth, itemsOnDay, nearestItemDays, selectCalendarIndex, type CalendarItem,
} from './calendar-items.ts';

function project(id: string, fields: Partial<Project> = {}): Project {
  return {
    id, name: `Project ${id}`, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1,
    createdAt: '2026-01-01T09:00:00.000Z', ...fields,
  };
}

function task(id: string, fields: Partial<KanbanItem> = {}): KanbanItem {
  return { id, content: `Task ${id}`, description: '', priority: 'medium', tags: [], ...fields };
}

function board(columns: [string, KanbanItem[]][]): KanbanBoard {
  return {
    columns: columns.map(([title, tasks]) => ({ id: title, title, itemIds: tasks.map((entry) => entry.id) })),
    items: Object.fromEntries(columns.flatMap(([, tasks]) => tasks).map((entry) => [entry.id, entry])),
  };
}

const summary = (items: readonly CalendarItem[]) => items.map((item) => `${item.kind}:${item.id}`);

describe.each(TEST_TIME_ZONES)('the calendar\'s items (%s)', (zone) => {
  inTimeZone(zone);

  it('a task due \'2026-03-05\' is on March 5 in every time zone', () => {
    const index = buildCalendarIndex([], board([['To-do', [task('a', { dueDate: '2026-03-05' })]]]));
    expect(index.days).toEqual(['2026-03-05']);
    expect(summary(itemsOnDay(index, '2026-03-05'))).toEqual(['task:a']);
  });

  it('a project\'s due date-time is on the local day of that instant', () => {
    // Saved by the project modal just before local midnight and just after it: always that local day.
    const lateEvening = new Date(2026, 2, 5, 23, 30).toISOString();
    const earlyMorning = new Date(2026, 2, 6, 0, 15).toISOString();
    const index = buildCalendarIndex([project('late', { dueDate: lateEvening }), project('early', { dueDate: earlyMorning })], board([]));
    expect(summary(itemsOnDay(index, '2026-03-05'))).toEqual(['project:late']);
    expect(summary(itemsOnDay(index, '2026-03-06'))).toEqual(['project:early']);
  });

  it('one instant falls on the day the user\'s clock shows: March 5 20:00 UTC is March 6 in Auckland, March 5 in Los Angeles', () => {
    const index = buildCalendarIndex([project('p', { dueDate: '2026-03-05T20:00:00.000Z' })], board([]));
    expect(index.days).toEqual([zone === 'Pacific/Auckland' ? '2026-03-06' : '2026-03-05']);
  });

  it('an older task due date saved as a date-time is on its local day too', () => {
    const saved = new Date(2026, 2, 8, 1, 0).toISOString();
    const index = buildCalendarIndex([], board([['To-do', [task('a', { dueDate: saved })]]]));
    expect(index.days).toEqual(['2026-03-08']);
  });
});

describe('buildCalendarIndex', () => {
  it('lists dated projects and tasks only, with what the day list shows', () => {
    const index = buildCalendarIndex(
      [project('p1', { name: 'Launch', dueDate: '2026-03-10T09:00:00', status: 'on-hold', description: 'Big day' }), project('p2')],
      board([['To-do', [task('t1', { content: 'Write', dueDate: '2026-03-10', priority: 'high' }), task('t2')]], ['Finished', [task('t3', { dueDate: '2026-03-02' })]]]),
    );
    expect(index.items).toEqual([
      { kind: 'task', id: 't3', title: 'Task t3', day: '2026-03-02', description: '', done: true, priority: 'medium', columnTitle: 'Finished' },
      { kind: 'project', id: 'p1', title: 'Launch', day: '2026-03-10', description: 'Big day', done: false, status: 'on-hold' },
      { kind: 'task', id: 't1', title: 'Write', day: '2026-03-10', description: '', done: false, priority: 'high', columnTitle: 'To-do' },
    ]);
    expect(index.days).toEqual(['2026-03-02', '2026-03-10']);
  });

  it('orders a day: open before done, projects before tasks, projects by name, tasks in board order', () => {
    const day = '2026-03-10';
    const index = buildCalendarIndex(
      [
        project('z', { name: 'Zebra', dueDate: `${day}T12:00:00` }),
        project('a', { name: 'apple', dueDate: `${day}T12:00:00` }),
        project('done', { name: 'Archive', dueDate: `${day}T12:00:00`, status: 'completed' }),
      ],
      board([
        ['To-do', [task('t2', { dueDate: day }), task('t1', { dueDate: day })]],
        ['Doing', [task('t0', { dueDate: day })]],
        ['finished', [task('t9', { dueDate: day })]],
      ]),
    );
    expect(summary(itemsOnDay(index, day))).toEqual(['project:a', 'project:z', 'task:t2', 'task:t1', 'task:t0', 'project:done', 'task:t9']);
  });

  it('keeps a task that no column lists (shown as open, no column), once', () => {
    const data = board([['To-do', [task('a', { dueDate: '2026-03-05' })]]]);
    const loose = { ...data, items: { ...data.items, b: task('b', { dueDate: '2026-03-05' }) } };
    const items = itemsOnDay(buildCalendarIndex([], loose), '2026-03-05');
    expect(items.map((item) => item.kind === 'task' && item.columnTitle)).toEqual(['To-do', null]);
  });

  it('a day with nothing gives an empty list', () => {
    expect(itemsOnDay(buildCalendarIndex([], board([])), '2026-03-05')).toEqual([]);
  });
});

describe('selectCalendarIndex', () => {
  const data = (projects: Project[], kanbanBoard: KanbanBoard) => ({ projects, kanbanBoard }) as unknown as StudioData;

  it('gives the same index while the projects and the board are the same objects, a new one when either changes', () => {
    const projects = [project('p', { dueDate: '2026-03-05T09:00:00' })];
    const kanban = board([['To-do', [task('a', { dueDate: '2026-03-05' })]]]);
    const first = selectCalendarIndex(data(projects, kanban));
    expect(selectCalendarIndex(data(projects, kanban))).toBe(first);
    expect(selectCalendarIndex(data([...projects], kanban))).not.toBe(first);
    expect(selectCalendarIndex(data(projects, { ...kanban }))).not.toBe(first);
  });
});

describe('counts and neighbours', () => {
  const index = buildCalendarIndex(
    [project('p', { dueDate: '2026-01-20T09:00:00' })],
    board([['To-do', [task('a', { dueDate: '2026-03-05' }), task('b', { dueDate: '2026-03-05' }), task('c', { dueDate: '2026-05-01' })]]]),
  );

  it('counts the items due in a month', () => {
    expect(countItemsInMonth(index, '2026-03')).toBe(2);
    expect(countItemsInMonth(index, '2026-05')).toBe(1);
    expect(countItemsInMonth(index, '2026-04')).toBe(0);
  });

  it('finds the nearest days with items before and after an empty month', () => {
    expect(nearestItemDays(index, '2026-04')).toEqual({ previous: '2026-03-05', next: '2026-05-01' });
    expect(nearestItemDays(index, '2026-02')).toEqual({ previous: '2026-01-20', next: '2026-03-05' });
    expect(nearestItemDays(index, '2025-12')).toEqual({ previous: null, next: '2026-01-20' });
    expect(nearestItemDays(index, '2026-06')).toEqual({ previous: '2026-05-01', next: null });
  });
});

describe('cellItems (a few, then \'+N more\')', () => {
  const items = Array.from({ length: 6 }, (_, index) => ({ kind: 'task', id: `t${index}` }) as CalendarItem);

  it('shows every item that fits, else one line fewer and \'+N more\'', () => {
    expect(cellItems(items.slice(0, 3), 3)).toEqual({ shown: items.slice(0, 3), more: 0 });
    expect(cellItems(items.slice(0, 4), 3)).toEqual({ shown: items.slice(0, 2), more: 2 });
    expect(cellItems(items, 1)).toEqual({ shown: [], more: 6 });
    expect(cellItems([], 3)).toEqual({ shown: [], more: 0 });
  });

  it('never draws more lines than it has room for and never loses an item', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 8 }), (count, capacity) => {
      const { shown, more } = cellItems(items.slice(0, count), capacity);
      expect(shown.length + more).toBe(count);
      expect(shown.length + (more > 0 ? 1 : 0)).toBeLessThanOrEqual(capacity);
      expect(shown).toEqual(items.slice(0, shown.length));
      if (count <= capacity) expect(more).toBe(0);
    }));
  });
});

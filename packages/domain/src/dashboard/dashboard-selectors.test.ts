import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import {
  DASHBOARD_LIST_LIMIT, newestFirst, selectDashboardStats, selectGardenSummary, selectRecentPages, selectRecentProjects, selectToDoPreview,
  storedDate,
} from './dashboard-selectors.ts';
import { page, project, studio, task } from '../testing/dashboard-test-data.ts';

// docs/product.md, Dashboard: the stat cards, the Kanban To-Do list, Recent Projects, Recent Pages and the garden card.

describe('selectDashboardStats', () => {
  it('counts active projects, every task, every page and completed projects (on-hold counts in neither)', () => {
    const data = studio({
      projects: [project('a'), project('b', { status: 'completed' }), project('c', { status: 'on-hold' }), project('d'), project('e', { status: 'completed' })],
      pages: [page('p1'), page('p2', { parentId: 'p1' })],
      columns: [{ id: 'todo', title: 'To-do', itemIds: ['t1'] }, { id: 'done', title: 'Finished', itemIds: ['t2', 't3'] }],
      tasks: [task('t1'), task('t2'), task('t3')],
    });
    expect(selectDashboardStats(data)).toEqual({ activeProjects: 2, kanbanTasks: 3, totalPages: 2, completedProjects: 2 });
  });

  it('gives zeros for an empty workspace', () => {
    expect(selectDashboardStats(studio())).toEqual({ activeProjects: 0, kanbanTasks: 0, totalPages: 0, completedProjects: 0 });
  });

  it('gives the same object while the counts are unchanged, a new one when a count changes', () => {
    const data = studio({ projects: [project('a')], pages: [page('p')] });
    const first = selectDashboardStats(data);
    expect(selectDashboardStats({ ...data, projects: [project('a', { name: 'Renamed' })] })).toBe(first);
    const more = selectDashboardStats({ ...data, pages: [page('p'), page('q')] });
    expect(more).not.toBe(first);
    expect(more.totalPages).toBe(2);
  });
});

describe('selectToDoPreview', () => {
  const tasks = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => task(id));

  it('shows the first five tasks of the column titled to-do, matched trimmed and case-insensitively, with its total', () => {
    const data = studio({
      columns: [
        { id: 'doing', title: 'In progress', itemIds: ['a'] },
        { id: 'todo', title: '  TO-DO ', itemIds: ['b', 'c', 'd', 'e', 'f', 'g'] },
      ],
      tasks,
    });
    const preview = selectToDoPreview(data);
    expect(preview.column).toEqual({ id: 'todo', title: '  TO-DO ' });
    expect(preview.tasks.map((item) => item.id)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(preview.tasks).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(preview.total).toBe(6);
  });

  it('uses the first of two to-do columns, and skips ids whose task is missing', () => {
    const data = studio({
      columns: [
        { id: 'first', title: 'to-do', itemIds: ['gone', 'a', 'constructor'] },
        { id: 'second', title: 'To-Do', itemIds: ['b'] },
      ],
      tasks,
    });
    expect(selectToDoPreview(data)).toEqual({ column: { id: 'first', title: 'to-do' }, tasks: [tasks[0]], total: 1 });
  });

  it('has no column on a board without a to-do column ("Todo" and "To do" are other titles), and is empty for an empty column', () => {
    const other = studio({ columns: [{ id: 'x', title: 'Todo', itemIds: ['a'] }, { id: 'y', title: 'To do', itemIds: [] }], tasks });
    expect(selectToDoPreview(other)).toEqual({ column: null, tasks: [], total: 0 });
    expect(selectToDoPreview(studio())).toEqual({ column: null, tasks: [], total: 0 });
    expect(selectToDoPreview(studio({ columns: [{ id: 't', title: 'To-do', itemIds: [] }] })))
      .toEqual({ column: { id: 't', title: 'To-do' }, tasks: [], total: 0 });
  });

  it('gives the same preview while its column and tasks are unchanged', () => {
    const columns = [{ id: 'todo', title: 'To-do', itemIds: ['a', 'b'] }, { id: 'done', title: 'Finished', itemIds: ['c'] }];
    const data = studio({ columns, tasks });
    const first = selectToDoPreview(data);
    expect(selectToDoPreview(data)).toBe(first);
    // Another column's task changed: the to-do tasks are the same objects.
    const items = { ...data.kanbanBoard.items, c: task('c', { content: 'Changed' }) };
    expect(selectToDoPreview({ ...data, kanbanBoard: { columns, items } })).toBe(first);
    const renamed = { ...data.kanbanBoard.items, a: task('a', { content: 'Renamed' }) };
    expect(selectToDoPreview({ ...data, kanbanBoard: { columns, items: renamed } }).tasks[0]?.content).toBe('Renamed');
  });
});

describe('newestFirst (Recent Projects, Recent Pages)', () => {
  it('lists the five newest by creation time, newest first, comparing instants across zone offsets', () => {
    const list = [
      project('jan', { createdAt: '2026-01-10T09:00:00.000Z' }),
      project('mar', { createdAt: '2026-03-10T09:00:00.000Z' }),
      project('feb', { createdAt: '2026-02-10T09:00:00.000Z' }),
      project('apr-offset', { createdAt: '2026-04-10T12:00:00+05:00' }),
      project('apr', { createdAt: '2026-04-10T08:00:00.000Z' }),
      project('dec', { createdAt: '2025-12-10T09:00:00.000Z' }),
    ];
    expect(newestFirst(list).map((item) => item.id)).toEqual(['apr', 'apr-offset', 'mar', 'feb', 'jan']);
  });

  it('puts the later-stored of two equal times first (lists grow at the end), and unreadable times last', () => {
    const list = [
      project('unreadable', { createdAt: 'not a date' }),
      project('first', { createdAt: '2026-03-01T09:00:00.000Z' }),
      project('second', { createdAt: '2026-03-01T09:00:00.000Z' }),
      project('older', { createdAt: '2026-02-01T09:00:00.000Z' }),
    ];
    expect(newestFirst(list).map((item) => item.id)).toEqual(['second', 'first', 'older', 'unreadable']);
  });

  it('returns an empty list for no entries, and fewer than five when there are fewer', () => {
    expect(newestFirst([])).toEqual([]);
    expect(newestFirst([page('only')]).map((item) => item.id)).toEqual(['only']);
  });

  it('memoises per list: the same result for the same list, and for a new list with the same five newest', () => {
    const projects = [project('a', { createdAt: '2026-03-02T00:00:00.000Z' }), project('b')];
    const data = studio({ projects, pages: [page('x'), page('y', { parentId: 'x', createdAt: '2026-03-05T00:00:00.000Z' })] });
    const first = selectRecentProjects(data);
    expect(first.map((item) => item.id)).toEqual(['a', 'b']);
    expect(selectRecentProjects({ ...data, projects: [...projects] })).toBe(first);
    expect(selectRecentPages(data).map((item) => item.id)).toEqual(['y', 'x']);
  });
});

describe('selectGardenSummary', () => {
  it('gives the level with its bar towards the next one, the score and the streak; the same object while unchanged', () => {
    const data = { ...studio(), gamification: { score: 175, level: 2, streak: 4, lastCompletedDate: '2026-03-04', unlockedDecorations: ['flowers' as const] } };
    const summary = selectGardenSummary(data);
    expect(summary).toEqual({ level: 2, current: 100, next: 250, fraction: 0.5, score: 175, streak: 4 });
    expect(selectGardenSummary({ ...data })).toBe(summary);
  });

  it('has no next level at the top level, and starts at level 1 with nothing for a new workspace', () => {
    const top = { ...studio(), gamification: { score: 6000, level: 7, streak: 0, lastCompletedDate: null, unlockedDecorations: [] } };
    expect(selectGardenSummary(top)).toMatchObject({ level: 7, next: null, fraction: 1 });
    expect(selectGardenSummary(studio())).toEqual({ level: 1, current: 0, next: 100, fraction: 0, score: 0, streak: 0 });
  });
});

describe.each(TEST_TIME_ZONES)('stored creation dates in %s', (zone) => {
  inTimeZone(zone);

  it('reads a calendar date as the start of that day on the local calendar, and a date-time as its instant', () => {
    const day = storedDate('2026-03-05');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours(), day.getMinutes()]).toEqual([2026, 2, 5, 0, 0]);
    expect(storedDate('2026-03-05T10:00:00.000Z').getTime()).toBe(Date.UTC(2026, 2, 5, 10));
    expect(Number.isNaN(storedDate('garbage').getTime())).toBe(true);
  });

  it('sorts a calendar date before a date-time later that local day, and after one the local day before', () => {
    const list = [
      page('day', { createdAt: '2026-03-05' }),
      page('morning', { createdAt: new Date(2026, 2, 5, 8).toISOString() }),
      page('eve', { createdAt: new Date(2026, 2, 4, 23, 30).toISOString() }),
    ];
    expect(newestFirst(list).map((item) => item.id)).toEqual(['morning', 'day', 'eve']);
  });
});

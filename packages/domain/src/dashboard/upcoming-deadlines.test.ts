import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import { toLocalIsoDate } from '../workspace/iso-date.ts';
import type { KanbanColumn } from '../workspace/model.ts';
import { project, studio, task } from '../testing/dashboard-test-data.ts';
import { daysUntil, deadlineTiming, endOfLocalDay, selectUpcomingDeadlines, upcomingDeadlines } from './upcoming-deadlines.ts';

// docs/product.md, Dashboard (decision 044): Upcoming Deadlines lists projects and tasks due in the future, soonest
// first, at most five. A calendar day (every task; a project stored at a local midnight) is due until it ends; any
// other date-time is an instant.

const ids = (list: { kind: string; id: string }[]) => list.map((entry) => `${entry.kind}:${entry.id}`);

const todo = (itemIds: string[]): KanbanColumn => ({ id: 'todo', title: 'To-do', itemIds });

describe.each(TEST_TIME_ZONES)('Upcoming Deadlines in %s', (zone) => {
  inTimeZone(zone);

  // 10:00 on 5 March 2026 on the user's own clock (built inside each test, after the zone is set).
  const now = () => new Date(2026, 2, 5, 10, 0, 0);
  const at = (day: number, hours: number, minutes = 0) => new Date(2026, 2, day, hours, minutes).toISOString();

  it('keeps a task due today (a calendar day) until the day ends, and drops one due yesterday', () => {
    const data = studio({
      columns: [todo(['yesterday', 'today', 'tomorrow'])],
      tasks: [task('yesterday', { dueDate: '2026-03-04' }), task('today', { dueDate: '2026-03-05' }), task('tomorrow', { dueDate: '2026-03-06' })],
    });
    const list = upcomingDeadlines(data, now());
    expect(ids(list)).toEqual(['task:today', 'task:tomorrow']);
    expect(list[0]).toMatchObject({ allDay: true, day: '2026-03-05', dueAt: new Date(2026, 2, 6).getTime(), title: 'Task today' });
    // One millisecond before midnight the task due today is still upcoming; at midnight it is not.
    expect(ids(upcomingDeadlines(data, new Date(2026, 2, 5, 23, 59, 59, 999)))).toEqual(['task:today', 'task:tomorrow']);
    expect(ids(upcomingDeadlines(data, new Date(2026, 2, 6, 0, 0, 0)))).toEqual(['task:tomorrow']);
  });

  it('drops a project due earlier today (an instant) and one due exactly now; keeps one due a millisecond later', () => {
    const data = studio({
      projects: [
        project('earlier', { dueDate: at(5, 8) }),
        project('now', { dueDate: now().toISOString() }),
        project('later', { dueDate: new Date(now().getTime() + 1).toISOString() }),
      ],
    });
    const list = upcomingDeadlines(data, now());
    expect(ids(list)).toEqual(['project:later']);
    expect(list[0]).toMatchObject({ allDay: false, day: '2026-03-05', dueAt: now().getTime() + 1 });
  });

  it('reads a project holding a calendar date as a whole local day, like a task', () => {
    const data = studio({ projects: [project('dated', { dueDate: '2026-03-05' })] });
    expect(upcomingDeadlines(data, now())[0]).toMatchObject({ allDay: true, day: '2026-03-05', dueAt: new Date(2026, 2, 6).getTime() });
  });

  it('reads a task due date stored as a date-time (older data) as the local day of that instant', () => {
    const data = studio({ columns: [todo(['old'])], tasks: [task('old', { dueDate: at(5, 1) })] });
    expect(upcomingDeadlines(data, now())[0]).toMatchObject({ allDay: true, day: '2026-03-05' });
  });

  it('mixes projects and tasks soonest first and keeps five', () => {
    const data = studio({
      projects: [
        project('in-9-days', { dueDate: at(14, 9) }),
        project('this-afternoon', { dueDate: at(5, 15) }),
        project('in-3-days', { dueDate: at(8, 12) }),
        project('no-date'),
      ],
      columns: [todo(['day-7', 'day-6', 'day-12', 'no-due'])],
      tasks: [task('day-7', { dueDate: '2026-03-07' }), task('day-6', { dueDate: '2026-03-06' }), task('day-12', { dueDate: '2026-03-12' }), task('no-due')],
    });
    expect(ids(upcomingDeadlines(data, now())))
      .toEqual(['project:this-afternoon', 'task:day-6', 'task:day-7', 'project:in-3-days', 'task:day-12']);
    expect(upcomingDeadlines(data, now(), 2)).toHaveLength(2);
  });

  it('breaks ties: projects before tasks, projects in stored order, tasks in board order', () => {
    // A project picked for 6 March (stored as its local midnight) falls due together with a task due on 6 March.
    const midnight = new Date(2026, 2, 6).toISOString();
    const data = studio({
      projects: [project('p2', { dueDate: midnight }), project('p1', { dueDate: midnight })],
      columns: [todo(['t2']), { id: 'doing', title: 'In progress', itemIds: ['t1'] }],
      tasks: [task('t1', { dueDate: '2026-03-06' }), task('t2', { dueDate: '2026-03-06' })],
    });
    expect(ids(upcomingDeadlines(data, now()))).toEqual(['project:p2', 'project:p1', 'task:t2', 'task:t1']);
  });

  it('reads a project stored at a local midnight (as the project form stores a picked day) as that whole day', () => {
    const today = new Date(now());
    today.setHours(0, 0, 0, 0);
    const data = studio({ projects: [project('today', { dueDate: today.toISOString() })], columns: [todo([])], tasks: [] });
    const [deadline] = upcomingDeadlines(data, now());
    expect(deadline).toMatchObject({ id: 'today', allDay: true, day: toLocalIsoDate(today) });
    expect(daysUntil(deadline!, now())).toBe(0);
  });

  it('leaves out completed projects, tasks in a finished column, missing tasks and unreadable dates', () => {
    const data = studio({
      projects: [
        project('done', { status: 'completed', dueDate: at(6, 9) }),
        project('paused', { status: 'on-hold', dueDate: at(6, 9) }),
        project('broken', { dueDate: 'soon' }),
      ],
      columns: [todo(['open', 'ghost']), { id: 'finished', title: ' FINISHED', itemIds: ['shipped'] }],
      tasks: [task('open', { dueDate: '2026-03-06' }), task('shipped', { dueDate: '2026-03-06' })],
    });
    expect(ids(upcomingDeadlines(data, now()))).toEqual(['project:paused', 'task:open']);
  });

  it('is empty for an empty workspace and a board without columns', () => {
    expect(upcomingDeadlines(studio(), now())).toEqual([]);
    expect(upcomingDeadlines(studio({ tasks: [task('loose', { dueDate: '2026-03-06' })] }), now())).toEqual([]);
  });

  it('counts calendar days to the due day: 0 today, 1 tomorrow, across a clock change', () => {
    expect(daysUntil({ day: '2026-03-05' }, now())).toBe(0);
    expect(daysUntil({ day: '2026-03-06' }, new Date(2026, 2, 5, 23, 59))).toBe(1);
    // Los Angeles moves its clocks on 8 March 2026, Auckland on 5 April: still whole days.
    expect(daysUntil({ day: '2026-03-10' }, now())).toBe(5);
    expect(daysUntil({ day: '2026-04-08' }, new Date(2026, 3, 1, 0, 30))).toBe(7);
  });

  it('ends a day at the next local midnight, also on a day whose clock changes', () => {
    expect(endOfLocalDay('2026-03-05')).toBe(new Date(2026, 2, 6).getTime());
    expect(endOfLocalDay('2026-03-08')).toBe(new Date(2026, 2, 9).getTime());
    expect(endOfLocalDay('2026-04-05')).toBe(new Date(2026, 3, 6).getTime());
    expect(endOfLocalDay('2026-12-31')).toBe(new Date(2027, 0, 1).getTime());
  });
});

describe('deadlineTiming', () => {
  it('gives null for a date it cannot read', () => {
    expect(deadlineTiming('tomorrow', 'task')).toBeNull();
    expect(deadlineTiming('', 'project')).toBeNull();
  });
});

describe('selectUpcomingDeadlines', () => {
  it('gives the same list while the data and the minute are unchanged, and while the entries stay the same', () => {
    const data = studio({
      projects: [project('p', { dueDate: new Date(2026, 2, 9, 12).toISOString() })],
      columns: [todo(['t'])],
      tasks: [task('t', { dueDate: '2026-03-07' })],
    });
    const now = new Date(2026, 2, 5, 10);
    const first = selectUpcomingDeadlines(data, now);
    expect(ids(first)).toEqual(['task:t', 'project:p']);
    expect(selectUpcomingDeadlines(data, new Date(now))).toBe(first);
    expect(selectUpcomingDeadlines(data, new Date(2026, 2, 5, 10, 1))).toBe(first);
    // An unrelated change (a project without a due date) keeps the list.
    expect(selectUpcomingDeadlines({ ...data, projects: [...data.projects, project('x')] }, now)).toBe(first);
    // A renamed task is a new entry.
    const renamed = { ...data, kanbanBoard: { ...data.kanbanBoard, items: { t: task('t', { content: 'Renamed', dueDate: '2026-03-07' }) } } };
    expect(selectUpcomingDeadlines(renamed, now)[0]?.title).toBe('Renamed');
    // Time passes: the task's day ends.
    expect(ids(selectUpcomingDeadlines(data, new Date(2026, 2, 8)))).toEqual(['project:p']);
  });
});

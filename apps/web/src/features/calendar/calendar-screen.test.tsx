import type { KanbanItem, Project, StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as CalendarScreen } from './calendar-screen.tsx';
import { CalendarErrorBoundary, CalendarSkeleton } from './calendar-states.tsx';

const NOW = new Date(2026, 2, 5, 10, 0, 0);

const task = (id: string, content: string, dueDate?: string): KanbanItem =>
  ({ id, content, description: '', priority: 'medium', tags: [], ...(dueDate ? { dueDate } : {}) });
const project = (id: string, name: string, dueDay: string): Project => ({
  id, name, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2026-01-01T00:00:00.000Z',
  dueDate: new Date(`${dueDay}T12:00:00`).toISOString(),
});

function storeWith(tasks: KanbanItem[], projects: Project[] = []): WorkspaceStore {
  const defaults = new WorkspaceStore({ storage: new MemoryStorage(), now: () => NOW }).getSnapshot().data;
  const data: StudioData = {
    ...defaults,
    projects,
    kanbanBoard: {
      columns: [{ id: 'todo', title: 'To-do', itemIds: tasks.map((entry) => entry.id) }, { id: 'done', title: 'Finished', itemIds: [] }],
      items: Object.fromEntries(tasks.map((entry) => [entry.id, entry])),
    },
  };
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  return new WorkspaceStore({ storage, now: () => NOW });
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderCalendar(store: WorkspaceStore, path = '/calendar-view') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WorkspaceProvider store={store}>
        <Link to="/calendar-view">Sidebar calendar</Link>
        <Routes>
          <Route path="/calendar-view" element={<CalendarScreen />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </WorkspaceProvider>
    </MemoryRouter>,
  );
}

const cell = (day: string) => document.querySelector<HTMLElement>(`[role="gridcell"][data-date="${day}"]`) as HTMLElement;
const monthHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

const busyDay = [
  task('a', 'Call the printer', '2026-03-12'), task('b', 'Order stickers', '2026-03-12'),
  task('c', 'Review copy', '2026-03-12'), task('d', 'Fix the footer', '2026-03-12'),
];

beforeEach(() => {
  // Only Date is faked: the screen's today is March 5, 2026, and React's timers run as usual.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Calendar screen', () => {
  it('draws the month of today, Sunday first, with today marked and days outside the month set apart', () => {
    renderCalendar(storeWith([]));
    expect(monthHeading()).toBe('March 2026');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'SunSunday', 'MonMonday', 'TueTuesday', 'WedWednesday', 'ThuThursday', 'FriFriday', 'SatSaturday',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(cell('2026-03-05').getAttribute('aria-current')).toBe('date');
    expect(cell('2026-03-05').getAttribute('aria-label')).toBe('Thursday, March 5, 2026, Today, nothing due');
    expect(cell('2026-03-05').tabIndex).toBe(0);
    expect(cell('2026-04-01').hasAttribute('data-outside')).toBe(true);
    expect(cell('2026-03-31').hasAttribute('data-outside')).toBe(false);
  });

  it('shows tasks and projects on their days in two styles, and a few then \'+N more\' on a busy day', () => {
    renderCalendar(storeWith([...busyDay, task('e', 'Ship it', '2026-03-20')], [project('p', 'Launch', '2026-03-12')]));
    const ship = within(cell('2026-03-20')).getByRole('link', { name: 'Task: Ship it' });
    expect(ship.getAttribute('href')).toBe('/kanban-board?task=e');
    expect(ship.dataset.kind).toBe('task');
    const busy = within(cell('2026-03-12'));
    const launch = busy.getByRole('link', { name: 'Project: Launch' });
    expect(launch.getAttribute('href')).toBe('/free-project-management?edit=p');
    expect(launch.dataset.kind).toBe('project');
    expect(busy.getAllByRole('link')).toHaveLength(2);
    expect(busy.getByRole('button', { name: '3 more: show every item due on Thursday, March 12, 2026' }).textContent).toBe('+3 more');
    expect(cell('2026-03-12').getAttribute('aria-label')).toBe('Thursday, March 12, 2026, 5 items due');
    expect(screen.getByTestId('month-count').textContent).toBe('6 due this month');
  });

  it('\'+N more\' lists the whole day; Escape closes it and gives focus back to the day', () => {
    renderCalendar(storeWith(busyDay));
    fireEvent.click(within(cell('2026-03-12')).getByRole('button', { name: /more/ }));
    const dialog = screen.getByRole('dialog', { name: 'Thursday, March 12' });
    expect(within(dialog).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Call the printerTask · To-do', 'Order stickersTask · To-do', 'Review copyTask · To-do', 'Fix the footerTask · To-do',
    ]);
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cell('2026-03-12'));
  });

  it('opens an item where it is edited', () => {
    renderCalendar(storeWith(busyDay));
    fireEvent.click(within(cell('2026-03-12')).getByRole('link', { name: 'Task: Call the printer' }));
    expect(screen.getByTestId('location').textContent).toBe('/kanban-board?task=a');
  });

  it('moves by keyboard: arrows by a day and a week, Home and End, Page Up and Down by a month; Enter lists the day', () => {
    renderCalendar(storeWith(busyDay));
    const start = cell('2026-03-05');
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('2026-03-06'));
    expect([cell('2026-03-06').tabIndex, cell('2026-03-05').tabIndex]).toEqual([0, -1]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('2026-03-13'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(cell('2026-03-08'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(cell('2026-03-14'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(within(screen.getByRole('dialog', { name: 'Thursday, March 12' })).getAllByRole('link')).toHaveLength(4);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });

    fireEvent.keyDown(document.activeElement as Element, { key: 'PageDown' });
    expect(monthHeading()).toBe('April 2026');
    expect(document.activeElement).toBe(cell('2026-04-12'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'PageUp', shiftKey: true });
    expect(monthHeading()).toBe('April 2025');
  });

  it('previous, next and Today change the month', () => {
    renderCalendar(storeWith([]));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(monthHeading()).toBe('April 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(monthHeading()).toBe('February 2026');
    expect(screen.getAllByRole('row')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(monthHeading()).toBe('March 2026');
    expect(cell('2026-03-05').tabIndex).toBe(0);
  });

  it('opens on the day in the address, and keeps the day it moves to there; a plain link back to the calendar means today', () => {
    renderCalendar(storeWith([]), '/calendar-view?date=2024-02-29');
    expect(monthHeading()).toBe('February 2024');
    expect(cell('2024-02-29').tabIndex).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(monthHeading()).toBe('March 2024');
    expect(cell('2024-03-29').tabIndex).toBe(0);
    fireEvent.click(screen.getByRole('link', { name: 'Sidebar calendar' }));
    expect(monthHeading()).toBe('March 2026');
    expect(cell('2026-03-05').tabIndex).toBe(0);
  });

  it('an unreadable day in the address means today', () => {
    renderCalendar(storeWith([]), '/calendar-view?date=2026-02-30');
    expect(monthHeading()).toBe('March 2026');
  });

  it('an empty month says so and jumps to the nearest due dates; with none anywhere it says how to add one', () => {
    renderCalendar(storeWith([task('a', 'Early', '2026-01-20'), task('b', 'Late', '2026-06-02')]));
    const notice = screen.getByTestId('empty-month');
    expect(notice.textContent).toContain('Nothing due in March 2026');
    fireEvent.click(within(notice).getByRole('button', { name: 'Next: Jun 2, 2026' }));
    expect(monthHeading()).toBe('June 2026');
    expect(screen.queryByTestId('empty-month')).toBeNull();
    expect(cell('2026-06-02').tabIndex).toBe(0);
  });

  it('with nothing dated at all, the empty month links to the board and the projects', () => {
    renderCalendar(storeWith([task('a', 'Undated')]));
    const notice = screen.getByTestId('empty-month');
    expect(within(notice).getByRole('link', { name: 'Open Kanban Board' }).getAttribute('href')).toBe('/kanban-board');
    expect(within(notice).getByRole('link', { name: 'Open Projects' }).getAttribute('href')).toBe('/free-project-management');
  });
});

describe('calendar states', () => {
  it('the loading state keeps the grid\'s shape and is announced', () => {
    render(<CalendarSkeleton />);
    expect(screen.getByRole('status').textContent).toBe('Loading the calendar…');
  });

  it('a month that fails to draw shows the error, logged; Try again draws it anew', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('bad data');
      return <p>Month drawn</p>;
    }
    render(<MemoryRouter><CalendarErrorBoundary><Flaky /></CalendarErrorBoundary></MemoryRouter>);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The calendar could not be shown');
    expect(errors.mock.calls.some(([message]) => message === 'The calendar could not be drawn')).toBe(true);
    broken = false;
    act(() => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByText('Month drawn')).toBeTruthy();
  });
});

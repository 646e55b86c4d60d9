import { page, project, studio, task } from '@grove/domain/testing/dashboard-test-data';
import { defineCommand } from '@grove/domain/workspace/command';
import type { StudioData } from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceProvider } from '@/lib/workspace-store/workspace-provider.tsx';
import { WORKSPACE_KEY, WorkspaceStore } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { Component as DashboardScreen } from './dashboard-screen.tsx';

// docs/product.md, Dashboard: the stat cards, the four lists with their links and empty states, and the garden card.

const NOW = new Date(2026, 2, 5, 10, 0, 0);

function storeWith(data: StudioData): WorkspaceStore {
  const storage = new MemoryStorage();
  storage.setItem(WORKSPACE_KEY, JSON.stringify(createEnvelope(data, 1)));
  return new WorkspaceStore({ storage, now: () => NOW });
}

function renderDashboard(store: WorkspaceStore) {
  return render(
    <MemoryRouter>
      <WorkspaceProvider store={store}>
        <DashboardScreen />
      </WorkspaceProvider>
    </MemoryRouter>,
  );
}

const list = (name: string) => screen.getByRole('region', { name });
const hrefs = (region: HTMLElement) => within(region).getAllByRole('link').map((link) => link.getAttribute('href'));

function fullWorkspace(): StudioData {
  return {
    ...studio({
      projects: [
        project('p1', { name: 'Website', createdAt: '2026-02-01T09:00:00.000Z', dueDate: new Date(2026, 2, 8, 12).toISOString() }),
        project('p2', { name: 'Archive', status: 'completed', createdAt: '2026-02-02T09:00:00.000Z', dueDate: new Date(2026, 2, 6).toISOString() }),
        project('p3', { name: 'Mobile app', status: 'on-hold', createdAt: '2026-02-03T09:00:00.000Z' }),
        project('p4', { name: 'Earlier today', createdAt: '2026-02-04T09:00:00.000Z', dueDate: new Date(2026, 2, 5, 8).toISOString() }),
      ],
      pages: [page('g1', { title: 'Notes', icon: '📝', createdAt: '2026-03-01T09:00:00.000Z' }), page('g2', { title: '  ', createdAt: '2026-03-02T09:00:00.000Z' })],
      columns: [
        { id: 'todo', title: 'To-do', itemIds: ['t1', 't2', 't3', 't4', 't5', 't6'] },
        { id: 'done', title: 'Finished', itemIds: ['t7'] },
      ],
      tasks: [
        task('t1', { content: 'Write the post', priority: 'high', dueDate: '2026-03-05' }),
        task('t2', { content: 'Plan the sprint', priority: 'low' }),
        task('t3', { content: 'Call the printer', dueDate: '2026-03-06' }),
        task('t4'), task('t5'), task('t6'),
        task('t7', { content: 'Shipped', dueDate: '2026-03-07' }),
      ],
    }),
    gamification: { score: 175, level: 2, streak: 4, lastCompletedDate: '2026-03-05', unlockedDecorations: ['flowers'] },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Dashboard screen', () => {
  it('shows the title, and four stat cards linking to their screens', () => {
    renderDashboard(storeWith(fullWorkspace()));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const stats = list('Overview');
    expect(within(stats).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Active Projects2', '/free-project-management'],
      ['Kanban Tasks7', '/kanban-board'],
      ['Total Pages2', '/notes-and-docs'],
      ['Completed Projects1', '/free-project-management'],
    ]);
  });

  it('lists the first five to-do tasks, each opening on the board, with how many more there are', () => {
    renderDashboard(storeWith(fullWorkspace()));
    const todo = list('Kanban To-Do');
    expect(hrefs(todo)).toEqual(['/kanban-board', ...['t1', 't2', 't3', 't4', 't5'].map((id) => `/kanban-board?task=${id}`)]);
    expect(within(todo).getByText('6 tasks in To-do')).toBeTruthy();
    expect(within(todo).getByText('1 more task in To-do')).toBeTruthy();
    expect(within(todo).getByText('Due Mar 5')).toBeTruthy();
    expect(within(todo).getByText('High')).toBeTruthy();
  });

  it('lists upcoming project and task deadlines soonest first, marked by kind, with relative times', () => {
    renderDashboard(storeWith(fullWorkspace()));
    const deadlines = list('Upcoming Deadlines');
    const rows = within(deadlines).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      'Write the postTask · Mar 5, 2026today',
      'Call the printerTask · Mar 6, 2026tomorrow',
      'WebsiteProject · Mar 8, 2026in 3 days',
    ]);
    expect(hrefs(deadlines)).toEqual(['/calendar-view', '/kanban-board?task=t1', '/kanban-board?task=t3', '/free-project-management?edit=p1']);
  });

  it('lists the newest projects with status and creation date, and the newest pages with icon, title and date', () => {
    renderDashboard(storeWith(fullWorkspace()));
    const projects = list('Recent Projects');
    expect(within(projects).getAllByRole('listitem').map((row) => row.textContent)).toEqual([
      'Earlier todayFeb 4, 2026Active',
      'Mobile appFeb 3, 2026On Hold',
      'ArchiveFeb 2, 2026Completed',
      'WebsiteFeb 1, 2026Active',
    ]);
    expect(hrefs(projects)[1]).toBe('/free-project-management?edit=p4');
    const pages = list('Recent Pages');
    expect(within(pages).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['📄UntitledMar 2, 2026', '📝NotesMar 1, 2026']);
    expect(hrefs(pages)).toEqual(['/notes-and-docs', '/notes-and-docs/g2', '/notes-and-docs/g1']);
  });

  it('shows every list\'s empty message with its create link, and zeros on the cards', () => {
    renderDashboard(storeWith(studio({ columns: [{ id: 'todo', title: 'To-do', itemIds: [] }] })));
    expect(within(list('Overview')).getAllByRole('link').map((link) => link.textContent?.replace(/\D/g, ''))).toEqual(['0', '0', '0', '0']);
    const expectEmpty = (name: string, message: string, link: string, href: string) => {
      const region = list(name);
      expect(within(region).getByText(message)).toBeTruthy();
      expect(within(region).getByRole('link', { name: link }).getAttribute('href')).toBe(href);
      expect(within(region).queryAllByRole('listitem')).toEqual([]);
    };
    expectEmpty('Kanban To-Do', 'Nothing to do.', 'Add task', '/kanban-board?new=1');
    expectEmpty('Upcoming Deadlines', 'No upcoming deadlines.', 'Create project', '/free-project-management?new=1');
    expectEmpty('Recent Projects', 'No projects yet.', 'Create project', '/free-project-management?new=1');
    expectEmpty('Recent Pages', 'No pages yet.', 'Create page', '/notes-and-docs');
  });

  it('says so when the board has no to-do column, and offers the board', () => {
    renderDashboard(storeWith(studio({ columns: [{ id: 'x', title: 'Backlog', itemIds: ['a'] }], tasks: [task('a')] })));
    const todo = list('Kanban To-Do');
    expect(within(todo).getByText('No To-do column.')).toBeTruthy();
    expect(within(todo).getByRole('link', { name: 'Open the board' }).getAttribute('href')).toBe('/kanban-board');
  });

  it('shows the garden\'s level, score and streak in a card that opens My Garden', () => {
    renderDashboard(storeWith(fullWorkspace()));
    const cards = screen.getAllByRole('link', { name: /My Garden/ });
    // One beside the title, one for phones: the same card.
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/garden', '/garden']);
    expect(cards[0]?.textContent).toBe('My GardenLevel 250 % of the way to level 3175 GP4-day streak');
  });

  it('follows the workspace: a new project shows at once; at midnight a task due that day leaves the deadlines', () => {
    const store = storeWith(fullWorkspace());
    renderDashboard(store);
    const addProject = defineCommand<string>('addProject', (data, name) => ({
      ...data,
      projects: [...data.projects, project('new', { name, createdAt: NOW.toISOString() })],
    }));
    act(() => {
      store.dispatch(addProject, 'Brand new');
    });
    expect(within(list('Recent Projects')).getAllByRole('listitem')[0]?.textContent).toContain('Brand new');
    expect(within(list('Overview')).getByRole('link', { name: /Active Projects/ }).textContent).toBe('Active Projects3');

    act(() => {
      vi.setSystemTime(new Date(2026, 2, 6, 0, 0, 30));
      vi.advanceTimersByTime(60_000);
    });
    const rows = within(list('Upcoming Deadlines')).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toBe('Call the printerTask · Mar 6, 2026today');
  });
});

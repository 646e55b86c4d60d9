import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { localDay, page as seedPage, project, task, workspace } from './seed.ts';

/** The Dashboard screen: its stat cards and its four lists. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  }

  /** A list (or the stat cards, 'Overview') by its name. */
  region(name: 'Overview' | 'Kanban To-Do' | 'Upcoming Deadlines' | 'Recent Projects' | 'Recent Pages'): Locator {
    return this.page.getByRole('region', { name });
  }

  /** A stat card's link, by its label. */
  stat(label: 'Active Projects' | 'Kanban Tasks' | 'Total Pages' | 'Completed Projects'): Locator {
    return this.region('Overview').getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
  }

  /** The rows' texts of a list, top to bottom, with their parts separated by single spaces. */
  async rows(name: Parameters<DashboardPage['region']>[0]): Promise<string[]> {
    const texts = await this.region(name).getByRole('listitem').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText));
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  }

  /** The garden card shown at this width (the other one is not displayed). */
  get gardenCard(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: /^My Garden/ });
  }
}

/** An ISO date-time `days` from now (as the project form stores a due date). */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
}

/** A workspace with something in every dashboard list: 6 to-do tasks, projects of each status, pages, a score. */
export function dashboardWorkspace() {
  return workspace({
    columns: [
      { id: 'todo', title: 'To-do', itemIds: ['write', 'plan', 'call', 'review', 'book', 'update'] },
      { id: 'doing', title: 'In progress', itemIds: ['fix'] },
      { id: 'finished', title: 'Finished', itemIds: ['shipped'] },
    ],
    items: [
      task({ id: 'write', content: 'Write the launch post', priority: 'high', dueDate: localDay(1) }),
      task({ id: 'plan', content: 'Plan the sprint', priority: 'low' }),
      task({ id: 'call', content: 'Call the printer' }),
      task({ id: 'review', content: 'Review pull requests', priority: 'high', dueDate: localDay(6) }),
      task({ id: 'book', content: 'Book the venue', priority: 'low' }),
      task({ id: 'update', content: 'Update the roadmap' }),
      task({ id: 'fix', content: 'Fix the login bug', dueDate: localDay(2) }),
      task({ id: 'shipped', content: 'Ship the beta', dueDate: localDay(3) }),
    ],
    projects: [
      project({ id: 'site', name: 'Website relaunch', createdAt: '2026-03-01T09:00:00.000Z', dueDate: inDays(4) }),
      project({ id: 'app', name: 'Mobile app', status: 'on-hold', createdAt: '2026-03-02T09:00:00.000Z', dueDate: inDays(12) }),
      project({ id: 'report', name: 'Annual report', status: 'completed', createdAt: '2026-03-03T09:00:00.000Z', dueDate: inDays(1) }),
      project({ id: 'late', name: 'Late project', createdAt: '2026-03-04T09:00:00.000Z', dueDate: inDays(-1) }),
    ],
    pages: [
      seedPage({ id: 'notes', title: 'Meeting notes', icon: '📝', createdAt: '2026-03-05T09:00:00.000Z' }),
      seedPage({ id: 'vision', title: 'Product vision', icon: '🚀', createdAt: '2026-03-06T09:00:00.000Z' }),
    ],
    gamification: { score: 175, level: 2, streak: 4, lastCompletedDate: localDay(-1), unlockedDecorations: ['flowers'] },
  });
}

/** A workspace with nothing to list: a board with an empty To-do column, no projects, no pages. */
export function emptyWorkspace() {
  return workspace({ columns: [{ id: 'todo', title: 'To-do', itemIds: [] }, { id: 'finished', title: 'Finished', itemIds: [] }], items: [] });
}

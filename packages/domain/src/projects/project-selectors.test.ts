import { describe, expect, it } from 'vitest';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { createIdGenerator } from '../workspace/ids.ts';
import type { Project } from '../workspace/model.ts';
import { isProjectFilterActive, isProjectOverdue, projectMatchesFilter, selectProjectsNewestFirst } from './project-selectors.ts';

const base: Project = {
  id: 'a', name: 'Website Relaunch', description: 'New landing page and blog', status: 'active', priority: 'high', progress: 10,
  teamSize: 2, createdAt: '2026-03-01T09:00:00.000Z',
};

describe('projectMatchesFilter', () => {
  it('searches name and description, trimmed and case-insensitive', () => {
    expect(projectMatchesFilter(base, { text: '  website ' })).toBe(true);
    expect(projectMatchesFilter(base, { text: 'BLOG' })).toBe(true);
    expect(projectMatchesFilter(base, { text: 'mobile' })).toBe(false);
    expect(projectMatchesFilter(base, { text: '   ' })).toBe(true);
  });

  it('filters by status, all matching every status', () => {
    expect(projectMatchesFilter(base, { status: 'active' })).toBe(true);
    expect(projectMatchesFilter(base, { status: 'on-hold' })).toBe(false);
    expect(projectMatchesFilter({ ...base, status: 'completed' }, { status: 'all', text: 'web' })).toBe(true);
  });

  it('is active only with a search text or a status', () => {
    expect(isProjectFilterActive({})).toBe(false);
    expect(isProjectFilterActive({ text: '  ', status: 'all' })).toBe(false);
    expect(isProjectFilterActive({ text: 'x' })).toBe(true);
    expect(isProjectFilterActive({ status: 'completed' })).toBe(true);
  });
});

describe('isProjectOverdue', () => {
  it('is due on a day before today and not completed; due today is not overdue yet', () => {
    const now = new Date(2026, 2, 5, 10);
    expect(isProjectOverdue({ ...base, dueDate: new Date(2026, 2, 4).toISOString() }, now)).toBe(true);
    expect(isProjectOverdue({ ...base, dueDate: new Date(2026, 2, 5).toISOString() }, now)).toBe(false);
    expect(isProjectOverdue({ ...base, status: 'completed', dueDate: new Date(2026, 2, 1).toISOString() }, now)).toBe(false);
    expect(isProjectOverdue(base, now)).toBe(false);
  });
});

describe('selectProjectsNewestFirst', () => {
  it('orders by creation, newest first, ties in stored order, and keeps the list while projects do not change', () => {
    const projects: Project[] = [
      { ...base, id: 'old', createdAt: '2026-01-01T00:00:00.000Z' },
      { ...base, id: 'tie-1', createdAt: '2026-02-01T00:00:00.000Z' },
      { ...base, id: 'new', createdAt: '2026-03-01T00:00:00.000Z' },
      { ...base, id: 'tie-2', createdAt: '2026-02-01T00:00:00.000Z' },
    ];
    const data = { ...createDefaultStudioData(new Date(), createIdGenerator({ now: () => 1, random: () => 0 })), projects };
    expect(selectProjectsNewestFirst(data).map((project) => project.id)).toEqual(['new', 'tie-1', 'tie-2', 'old']);
    expect(selectProjectsNewestFirst({ ...data })).toBe(selectProjectsNewestFirst(data));
  });
});

import { createDefaultGamification, createDefaultMindMap } from '../workspace/defaults.ts';
import type { KanbanColumn, KanbanItem, Page, Project, StudioData } from '../workspace/model.ts';

// Test support only: small workspaces built from the parts a test names, for the dashboard selectors' and the
// dashboard and pages screens' tests. Never imported by app code.

export function project(id: string, fields: Partial<Project> = {}): Project {
  return { id, name: `Project ${id}`, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2026-03-01T09:00:00.000Z', ...fields };
}

export function page(id: string, fields: Partial<Page> = {}): Page {
  return { id, title: `Page ${id}`, icon: '📄', parentId: null, createdAt: '2026-03-01T09:00:00.000Z', content: [], ...fields };
}

export function task(id: string, fields: Partial<KanbanItem> = {}): KanbanItem {
  return { id, content: `Task ${id}`, description: '', priority: 'medium', tags: [], ...fields };
}

export function studio(parts: { projects?: Project[]; pages?: Page[]; columns?: KanbanColumn[]; tasks?: KanbanItem[] } = {}): StudioData {
  return {
    projects: parts.projects ?? [],
    pages: parts.pages ?? [],
    kanbanBoard: { columns: parts.columns ?? [], items: Object.fromEntries((parts.tasks ?? []).map((item) => [item.id, item])) },
    mindMap: createDefaultMindMap(),
    garden: [],
    gamification: createDefaultGamification(),
  };
}

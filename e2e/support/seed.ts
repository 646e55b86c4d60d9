import type { Page } from '@playwright/test';

// Workspaces written into localStorage before the app starts, for screens that need data of a known shape.

/** A local calendar day `days` from today, as the app stores due dates ('YYYY-MM-DD'). */
export function localDay(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export interface SeedTask {
  id: string;
  content: string;
  priority?: 'high' | 'medium' | 'low';
  tags?: string[];
  description?: string;
  dueDate?: string;
}

export const task = ({ id, content, priority = 'medium', tags = [], description = '', dueDate }: SeedTask) =>
  ({ id, content, description, priority, tags, ...(dueDate ? { dueDate } : {}) });

export interface Gamification {
  score: number;
  level: number;
  streak: number;
  lastCompletedDate: string | null;
  unlockedDecorations: string[];
  vacation?: { since: string; until?: string };
}

export interface SeedProject {
  id: string;
  name: string;
  description?: string;
  status?: 'active' | 'on-hold' | 'completed';
  priority?: 'high' | 'medium' | 'low';
  progress?: number;
  teamSize?: number;
  /** An ISO date-time, as the project modal stores it. */
  dueDate?: string;
  createdAt?: string;
}

export const project = ({ id, name, description = '', status = 'active', priority = 'medium', progress = 0, teamSize = 1, dueDate, createdAt }: SeedProject) =>
  ({ id, name, description, status, priority, progress, teamSize, createdAt: createdAt ?? '2026-03-01T09:00:00.000Z', ...(dueDate ? { dueDate } : {}) });

export interface SeedPage {
  id: string;
  title: string;
  icon?: string;
  parentId?: string | null;
  createdAt?: string;
}

export const page = ({ id, title, icon = '📄', parentId = null, createdAt }: SeedPage) =>
  ({ id, title, icon, parentId, createdAt: createdAt ?? '2026-03-01T09:00:00.000Z', content: [{ id: `block-${id}`, type: 'paragraph', content: '' }] });

/** A stored workspace (schemaVersion 1) with the given board, trees, scores, projects and pages. */
export function workspace(board: {
  columns: { id: string; title: string; itemIds: string[] }[];
  items: ReturnType<typeof task>[];
  garden?: unknown[];
  gamification?: Gamification;
  projects?: ReturnType<typeof project>[];
  pages?: ReturnType<typeof page>[];
}) {
  return {
    schemaVersion: 1,
    revision: 1,
    data: {
      projects: board.projects ?? [],
      pages: board.pages ?? [],
      kanbanBoard: { columns: board.columns, items: Object.fromEntries(board.items.map((item) => [item.id, item])) },
      mindMap: { nodes: [{ id: 'central-idea', type: 'customText', position: { x: 0, y: 0 }, data: { label: 'Central Idea' } }], edges: [] },
      garden: board.garden ?? [],
      gamification: board.gamification ?? { score: 0, level: 1, streak: 0, lastCompletedDate: null, unlockedDecorations: [] },
    },
  };
}

/** Writes the workspace (and optionally the theme) before any page script runs, on every navigation. */
export async function seed(page: Page, stored: unknown, theme?: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(([text, themeValue]) => {
    if (window.sessionStorage.getItem('e2e-seeded') === null) {
      window.localStorage.setItem('grove-data', text);
      window.sessionStorage.setItem('e2e-seeded', 'true');
    }
    if (themeValue) window.localStorage.setItem('grove-theme', themeValue);
  }, [JSON.stringify(stored), theme ?? null] as const);
}

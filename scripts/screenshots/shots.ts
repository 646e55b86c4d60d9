import type { Page } from 'playwright-core';

// What the screenshots show: every route of the product (docs/product.md, Routes and layout) and the states a
// reviewer must see (empty workspace, an open dialog, the small-screen sidebar). Each shot is taken in a browser
// profile of its own kind, since what a route shows depends on what the browser holds.

/**
 * public: nothing stored (the landing page redirects an onboarded visitor); workspace: the seeded workspace;
 * empty: onboarded with nothing stored (what a first visit after Get Started shows); admin: signed in.
 */
export type Profile = 'public' | 'workspace' | 'empty' | 'admin';

export interface Shot {
  /** The file name (without .png) and what --only matches. */
  name: string;
  path: string;
  profile: Profile;
  /** Only at these viewport widths (default: every width of the run). */
  widths?: readonly number[];
  /** Brings the screen into the state to show, once it is ready; it then stays at the viewport's size. */
  open?: (page: Page) => Promise<void>;
}

export interface ShotIds {
  postWithImage: string;
  longTitlePost: string;
  richPageId: string;
  coverPageId: string;
}

// Buttons are found by their English names, as the e2e tests find them; a renamed button makes that one shot
// fail with a message, not the run.
async function openDialog(page: Page, button: RegExp, role: 'dialog' | 'alertdialog' = 'dialog'): Promise<void> {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole(role).first().waitFor({ state: 'visible', timeout: 10_000 });
}

async function openSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: /toggle sidebar/i }).first().click();
  await page.getByTestId('sidebar-backdrop').waitFor({ state: 'visible', timeout: 10_000 });
}

export function shotList(ids: ShotIds): Shot[] {
  return [
    { name: 'landing', path: '/', profile: 'public' },
    { name: 'blog', path: '/blog', profile: 'public' },
    { name: 'blog-post', path: `/blog/${ids.postWithImage}`, profile: 'public' },
    { name: 'blog-post-long-title', path: `/blog/${ids.longTitlePost}`, profile: 'public' },
    { name: 'privacy', path: '/privacy', profile: 'public' },
    { name: 'terms', path: '/terms', profile: 'public' },
    { name: 'contact', path: '/contact', profile: 'public' },
    { name: 'about', path: '/about', profile: 'public' },
    { name: 'admin-login', path: '/admin/login', profile: 'public' },

    { name: 'dashboard', path: '/dashboard', profile: 'workspace' },
    { name: 'kanban-board', path: '/kanban-board', profile: 'workspace' },
    { name: 'garden', path: '/garden', profile: 'workspace' },
    { name: 'free-project-management', path: '/free-project-management', profile: 'workspace' },
    { name: 'notes-and-docs', path: '/notes-and-docs', profile: 'workspace' },
    { name: 'page-rich', path: `/notes-and-docs/${ids.richPageId}`, profile: 'workspace' },
    { name: 'page-cover', path: `/notes-and-docs/${ids.coverPageId}`, profile: 'workspace' },
    { name: 'calendar-view', path: '/calendar-view', profile: 'workspace' },
    { name: 'mind-map', path: '/mind-map', profile: 'workspace' },
    { name: 'settings', path: '/settings', profile: 'workspace' },
    { name: 'kanban-board-task-dialog', path: '/kanban-board', profile: 'workspace', open: (page) => openDialog(page, /^create task$/i) },
    {
      name: 'free-project-management-project-dialog', path: '/free-project-management', profile: 'workspace',
      open: (page) => openDialog(page, /^new project$/i),
    },
    { name: 'settings-clear-all-dialog', path: '/settings', profile: 'workspace', open: (page) => openDialog(page, /^clear all data$/i, 'alertdialog') },
    { name: 'dashboard-sidebar-open', path: '/dashboard', profile: 'workspace', widths: [390], open: openSidebar },

    { name: 'empty-dashboard', path: '/dashboard', profile: 'empty' },
    { name: 'empty-kanban-board', path: '/kanban-board', profile: 'empty' },
    { name: 'empty-free-project-management', path: '/free-project-management', profile: 'empty' },
    { name: 'empty-notes-and-docs', path: '/notes-and-docs', profile: 'empty' },
    { name: 'empty-garden', path: '/garden', profile: 'empty' },

    { name: 'admin-dashboard', path: '/admin/dashboard', profile: 'admin' },
    { name: 'admin-blog', path: '/admin/blog', profile: 'admin' },
    { name: 'admin-site-content', path: '/admin/site-content', profile: 'admin' },
    { name: 'admin-blog-editor-dialog', path: '/admin/blog', profile: 'admin', open: (page) => openDialog(page, /^new post$/i) },
  ];
}

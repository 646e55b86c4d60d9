// The route table (docs/product.md, Routes and layout), as data: the guards and the sidebar read it from here.
export const APP_PATHS = {
  dashboard: '/dashboard',
  kanban: '/kanban-board',
  garden: '/garden',
  projects: '/free-project-management',
  pages: '/notes-and-docs',
  calendar: '/calendar-view',
  mindMap: '/mind-map',
  settings: '/settings',
} as const;

export const PUBLIC_PATHS = {
  home: '/',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  about: '/about',
  blog: '/blog',
  adminLogin: '/admin/login',
} as const;

export const ADMIN_PATHS = {
  root: '/admin',
  dashboard: '/admin/dashboard',
  blog: '/admin/blog',
  siteContent: '/admin/site-content',
} as const;

export const PRICING_HASH = '#pricing';

/** The blog's RSS feed, served by the server (linked from the blog's head). */
export const FEED_PATH = '/feed.xml';

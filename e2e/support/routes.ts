// Every route (docs/product.md, Routes and layout), grouped by the access it needs. The axe scan walks all of them.
export const APP_ROUTES = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/kanban-board', heading: 'Kanban Board' },
  { path: '/garden', heading: 'My Garden' },
  { path: '/free-project-management', heading: 'Projects' },
  { path: '/notes-and-docs', heading: 'Pages' },
  // An unknown page id falls back to the list (a real page's view is scanned in page-editor.spec.ts).
  { path: '/notes-and-docs/page-unknown', heading: 'Pages', landsOn: '/notes-and-docs', toast: 'That page does not exist' },
  { path: '/calendar-view', heading: 'Calendar' },
  { path: '/mind-map', heading: 'Mind Map' },
  { path: '/settings', heading: 'Settings' },
] as const;

export const PUBLIC_ROUTES = [
  { path: '/', heading: 'Unlock Your Productivity' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/contact', heading: 'Contact Us' },
  { path: '/about', heading: 'About Us' },
  { path: '/blog', heading: 'Blog' },
  // Answers 404 (the browser logs it: PAGE_NOT_FOUND_LOG in fixtures.ts).
  { path: '/blog/post-unknown', heading: 'Post not found', notFound: true },
  { path: '/admin/login', heading: 'Admin access' },
] as const;

export const ADMIN_ROUTES = [
  { path: '/admin/dashboard', heading: 'Admin Dashboard' },
  { path: '/admin/blog', heading: 'Blog Posts' },
  { path: '/admin/site-content', heading: 'Site Content' },
] as const;

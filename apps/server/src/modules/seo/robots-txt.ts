// The workspace's routes, kept in step with APP_PATHS in apps/web/src/lib/paths.ts (the server never imports the
// web app): local-first screens with nothing to index, so crawlers are kept out.
export const WORKSPACE_PATHS = [
  '/dashboard', '/kanban-board', '/garden', '/free-project-management', '/notes-and-docs', '/calendar-view', '/mind-map', '/settings',
] as const;

/** The admin area (ADMIN_PATHS.root and PUBLIC_PATHS.adminLogin live under it) and the API. */
const PRIVATE_PATHS = ['/admin', '/api/'] as const;

/** robots.txt: everything allowed but the admin area, the API and the workspace; the sitemap's absolute address. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PATHS, ...WORKSPACE_PATHS].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

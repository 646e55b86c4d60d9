import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './layouts/admin-layout.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { SiteLayout } from './layouts/site-layout.tsx';
import { RootRoute } from './root-route.tsx';
import { RouteError, RouteLoading } from './route-status.tsx';

// Every screen is lazy-loaded: each module exports `Component` and becomes its own chunk.
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    hydrateFallbackElement: <RouteLoading />,
    errorElement: <RouteError />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, lazy: () => import('@/features/landing/landing-screen.tsx') },
          { path: 'privacy', lazy: () => import('@/features/site-pages/site-page-screen.tsx') },
          { path: 'terms', lazy: () => import('@/features/site-pages/site-page-screen.tsx') },
          { path: 'contact', lazy: () => import('@/features/site-pages/site-page-screen.tsx') },
          { path: 'about', lazy: () => import('@/features/site-pages/site-page-screen.tsx') },
          { path: 'blog', lazy: () => import('@/features/blog/blog-list-screen.tsx') },
          { path: 'blog/:postId', lazy: () => import('@/features/blog/blog-post-screen.tsx') },
          { path: 'admin/login', lazy: () => import('@/features/admin/admin-login-screen.tsx') },
        ],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { path: 'dashboard', lazy: () => import('@/features/admin/admin-dashboard-screen.tsx') },
          { path: 'blog', lazy: () => import('@/features/admin/admin-blog-screen.tsx') },
          { path: 'site-content', lazy: () => import('@/features/admin/admin-site-content-screen.tsx') },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: 'dashboard', lazy: () => import('@/features/dashboard/dashboard-screen.tsx') },
          { path: 'kanban-board', lazy: () => import('@/features/kanban/kanban-screen.tsx') },
          { path: 'garden', lazy: () => import('@/features/garden/garden-screen.tsx') },
          { path: 'free-project-management', lazy: () => import('@/features/projects/projects-screen.tsx') },
          { path: 'notes-and-docs', lazy: () => import('@/features/pages/pages-screen.tsx') },
          { path: 'notes-and-docs/:pageId', lazy: () => import('@/features/pages/page-screen.tsx') },
          { path: 'calendar-view', lazy: () => import('@/features/calendar/calendar-screen.tsx') },
          { path: 'mind-map', lazy: () => import('@/features/mind-map/mind-map-screen.tsx') },
          { path: 'settings', lazy: () => import('@/features/settings/settings-screen.tsx') },
        ],
      },
      // Unknown paths: RootRoute redirects them before this renders.
      { path: '*', element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RootRoute } from './root-route.tsx';
import { RouteErrorBoundary, RouteLoading } from './route-status.tsx';

// Declarative routing (decision 036): the data router (createBrowserRouter) costs ~17 KB gzip more on every first
// load, and nothing here uses loaders or actions: server data goes through TanStack Query (lib/queries/).
// Every layout and screen is lazy, so a page downloads only its own frame: the landing page never loads the
// workspace store, and the workspace never loads TanStack Query (budgets in apps/web/build/size-budgets.json).

export interface LazyRoute {
  Component: ComponentType;
  /** Starts the download (once); the route renders as soon as it is done. */
  preload: () => Promise<unknown>;
}

/**
 * A lazy module exporting `Component` (screens) or a named layout. Mounted once its code is in, it renders the
 * module's component at once; before, it suspends until the code is in (React.lazy suspends on every first render,
 * even of a module already loaded, and renders the retry in 5 ms slices). Which of the two is chosen once per
 * mount, so a mounted screen is never swapped for another element type (and its state lost).
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => (loading ??= load().then((module) => {
    loaded = pick(module);
    return module;
  }));
  const Lazy = lazy(async () => ({ default: pick(await preload()) }));
  function Component() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component, preload };
}

const screen = (load: () => Promise<{ Component: ComponentType }>) => lazyRoute(load, (module) => module.Component);

const siteLayout = lazyRoute(() => import('./layouts/site-layout.tsx'), (module) => module.SiteLayout);
const siteDataLayout = lazyRoute(() => import('./layouts/site-data-layout.tsx'), (module) => module.SiteDataLayout);
const adminLayout = lazyRoute(() => import('./layouts/admin-layout.tsx'), (module) => module.AdminLayout);
const appLayout = lazyRoute(() => import('./layouts/app-layout.tsx'), (module) => module.AppLayout);

const landing = screen(() => import('@/features/landing/landing-screen.tsx'));
const sitePage = screen(() => import('@/features/site-pages/site-page-screen.tsx'));
const blogList = screen(() => import('@/features/blog/blog-list-screen.tsx'));
const blogPost = screen(() => import('@/features/blog/blog-post-screen.tsx'));
const adminLogin = screen(() => import('@/features/admin/admin-login-screen.tsx'));
const adminDashboard = screen(() => import('@/features/admin/admin-dashboard-screen.tsx'));
const adminBlog = screen(() => import('@/features/admin/admin-blog-screen.tsx'));
const adminSiteContent = screen(() => import('@/features/admin/admin-site-content-screen.tsx'));
const dashboard = screen(() => import('@/features/dashboard/dashboard-screen.tsx'));
const kanban = screen(() => import('@/features/kanban/kanban-screen.tsx'));
const garden = screen(() => import('@/features/garden/garden-screen.tsx'));
const projects = screen(() => import('@/features/projects/projects-screen.tsx'));
const pages = screen(() => import('@/features/pages/pages-screen.tsx'));
const page = screen(() => import('@/features/pages/page-screen.tsx'));
const calendar = screen(() => import('@/features/calendar/calendar-screen.tsx'));
const mindMap = screen(() => import('@/features/mind-map/mind-map-screen.tsx'));
const settings = screen(() => import('@/features/settings/settings-screen.tsx'));

function route(path: string | undefined, target: LazyRoute, children?: RouteObject[]): RouteObject {
  const element = <target.Component />;
  const handle = { preload: target.preload };
  if (path === undefined) return children ? { element, handle, children } : { index: true, element, handle };
  return { path, element, handle, children };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      route(undefined, siteLayout, [
        route(undefined, landing),
        // The pages that read server data sit under the query provider; the landing page does not need it.
        route(undefined, siteDataLayout, [
          route('privacy', sitePage),
          route('terms', sitePage),
          route('contact', sitePage),
          route('about', sitePage),
          route('blog', blogList),
          route('blog/:postId', blogPost),
          route('admin/login', adminLogin),
        ]),
      ]),
      route('admin', adminLayout, [
        route('dashboard', adminDashboard),
        route('blog', adminBlog),
        route('site-content', adminSiteContent),
      ]),
      route(undefined, appLayout, [
        route('dashboard', dashboard),
        route('kanban-board', kanban),
        route('garden', garden),
        route('free-project-management', projects),
        route('notes-and-docs', pages),
        route('notes-and-docs/:pageId', page),
        route('calendar-view', calendar),
        route('mind-map', mindMap),
        route('settings', settings),
      ]),
      // Unknown paths: RootRoute redirects them before this renders.
      { path: '*', element: null },
    ],
  },
];

/**
 * Starts loading the layout and screen of a path together: nested lazy components would otherwise load one
 * after the other (the screen only once its layout has rendered). Each module loads once. Settles when all have
 * loaded or one has failed.
 */
function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.allSettled((matchRoutes(routes, pathname) ?? []).map((match) => {
    const handle = match.route.handle as Partial<Pick<LazyRoute, 'preload'>> | undefined;
    // A failed download shows on render, through the error boundary; here it is only a head start.
    return handle?.preload?.() ?? Promise.resolve();
  }));
}

/** Whether the first render is held until its route's code is in (waitForFirstRouteCode); null once it is. */
let firstRouteCode: { waiting: boolean; listeners: Set<() => void> } | null = null;

/**
 * The first render (the browser's, not a hydration) draws the loading state until the first route's layout and
 * screen have loaded, then the whole route in one pass: no lazy component suspends, and React renders that pass at
 * once instead of as a retry in 5 ms slices with gaps between them (decision 076).
 */
export function waitForFirstRouteCode(pathname: string): void {
  const waiting = { waiting: true, listeners: new Set<() => void>() };
  firstRouteCode = waiting;
  void preloadRoute(pathname).then(() => {
    waiting.waiting = false;
    for (const listener of waiting.listeners) listener();
  });
}

const subscribeFirstRouteCode = (listener: () => void) => {
  const waiting = firstRouteCode;
  waiting?.listeners.add(listener);
  return () => waiting?.listeners.delete(listener);
};
const firstRouteCodeIn = () => firstRouteCode?.waiting !== true;

/**
 * Marks a server-rendered page taken over (`#root[data-ssr="hydrated"]`) once its route, layout and screen included,
 * has hydrated and its effects have run: a hydration error has been reported by then (main.tsx).
 */
function HydratedMark() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (root?.dataset.ssr === 'hydrate') root.setAttribute('data-ssr', 'hydrated');
  }, []);
  return null;
}

/** The routes under whichever router the entry gives them: the browser's, or the server's static one. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // On the first render and on every navigation, before the nested lazy components ask one by one (idempotent:
  // a module already loading or loaded is not asked for again).
  void preloadRoute(pathname);
  const element = useRoutes(routes);
  const codeIn = useSyncExternalStore(subscribeFirstRouteCode, firstRouteCodeIn, () => true);
  if (!codeIn) return <RouteLoading />;
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<RouteLoading />}>
        {element}
        <HydratedMark />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

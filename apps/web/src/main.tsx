import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@/i18n/i18n.ts';
import './styles.css';
import { Providers } from '@/app/providers.tsx';
import { guardRedirect } from '@/app/route-guards.ts';
import { AppRoutes, waitForFirstRouteCode } from '@/app/router.tsx';
import { hasAdminFlag, isOnboardingCompleted } from '@/lib/access-flags.ts';
import { startServiceWorker } from '@/lib/pwa/service-worker.ts';
import { startPairingCapture } from '@/lib/sync/pending-pairing.ts';

// Zod compiles its object parsers with `new Function` unless told not to: the CSP forbids eval (script-src 'self')
// and Chromium reports the attempt as a page issue. Zod reads its settings from this global when its first module
// loads (zod/v4/core/core.js), which is after this line: every zod module is in a chunk loaded later.
const zodSettings = globalThis as { __zod_globalConfig?: object };
Object.assign(zodSettings.__zod_globalConfig ??= {}, { jitless: true });

// A pairing link's key leaves the address bar before anything else runs (decision 068).
startPairingCapture();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// A server-rendered page (decision 054) is taken over as it is, unless this visitor is sent elsewhere at once (a
// returning visitor on '/'): then, like the app shell and a server error page, it is rendered afresh.
const { pathname, hash } = window.location;
const redirectTo = guardRedirect(pathname, hash, { onboarded: isOnboardingCompleted(), admin: hasAdminFlag() });
const redirected = redirectTo !== null;
if (container.dataset.ssr === 'hydrate' && !redirected) {
  // The page is already there to see: let the browser paint it before hydration's work (this module's own and the
  // route's chunks) holds the main thread, rather than after.
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app, {
    // The server's HTML and the browser's first pass differed (decision 059: they must not): React rendered the page
    // afresh. Said on the console, where the end-to-end tests fail on it.
    onRecoverableError: (error) => console.error(`Hydration of ${window.location.pathname} failed:`, error),
  })));
} else {
  container.replaceChildren();
  waitForFirstRouteCode(redirectTo ?? pathname);
  createRoot(container).render(app);
}

startServiceWorker();

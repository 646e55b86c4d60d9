// A returning visitor (onboarding completed) on a server-rendered public page (app/layouts/site-layout.tsx): the
// logo leads to the dashboard and the header's 'Get Started' is 'Open Grove', as the app shows them. The server
// renders every visitor as new; '/' itself already sent a returning visitor to the dashboard (theme-init.js).
import { isOnboardingCompleted } from '@/lib/access-flags.ts';
import { APP_PATHS } from '@/lib/paths.ts';
import { text } from '../strings.ts';

export function enhanceReturningVisitor(document: Document): void {
  if (!isOnboardingCompleted()) return;
  document.querySelector<HTMLAnchorElement>('header a[data-home-link]')?.setAttribute('href', APP_PATHS.dashboard);
  const start = document.querySelector<HTMLAnchorElement>('header a[data-header-start]');
  if (!start) return;
  start.removeAttribute('data-get-started');
  start.removeAttribute('data-header-start');
  start.setAttribute('href', APP_PATHS.dashboard);
  start.textContent = text('header.openApp');
}

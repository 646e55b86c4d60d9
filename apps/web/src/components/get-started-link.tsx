import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { completeOnboarding } from '@/lib/access-flags.ts';
import { APP_PATHS } from '@/lib/paths.ts';

/**
 * 'Get Started': completes onboarding and opens the dashboard. A link marked `data-get-started`, so a click on the
 * server-rendered page before the app has taken it over still works: theme-init.js sets the same flag, and the
 * browser follows the link.
 */
export function GetStartedLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Link to={APP_PATHS.dashboard} data-get-started="" onClick={completeOnboarding} className={className}>
      {children}
    </Link>
  );
}

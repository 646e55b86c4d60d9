import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { completeOnboarding } from '@/lib/access-flags.ts';
import { APP_PATHS } from '@/lib/paths.ts';

/**
 * 'Get Started': completes onboarding and opens the dashboard. A link marked `data-get-started`, so a click on a
 * server-rendered page, which runs no React (decision 075), works: theme-init.js sets the same flag, and the browser
 * follows the link. `headerStart`: the header's, which a returning visitor sees as 'Open Grove' (the public
 * pages' script swaps it, decision 075).
 */
interface GetStartedLinkProps {
  className: string;
  children: ReactNode;
  headerStart?: boolean;
}

export function GetStartedLink({ className, children, headerStart = false }: GetStartedLinkProps) {
  return (
    <Link to={APP_PATHS.dashboard} data-get-started="" data-header-start={headerStart ? '' : undefined} onClick={completeOnboarding} className={className}>
      {children}
    </Link>
  );
}

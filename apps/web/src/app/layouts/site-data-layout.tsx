import { Outlet } from 'react-router';
import { QueryProvider } from '@/lib/queries/query-provider.tsx';
import { OfflineGate } from './offline-gate.tsx';

/** The site pages that read server data (blog, static pages, admin login): under the query client. The landing
 * page sits beside this route, so its first load does not carry TanStack Query (decision 036). */
export function SiteDataLayout() {
  return (
    <QueryProvider>
      <OfflineGate>
        <Outlet />
      </OfflineGate>
    </QueryProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, use, type ReactNode } from 'react';
import { sharedQueryClient } from './query-client.ts';

/** While the server renders a page, the client holding that request's data (entry-server.tsx). */
export const ServerQueryClientContext = createContext<QueryClient | null>(null);

/** Server data for the site and admin layouts (the workspace never reads the server). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const client = use(ServerQueryClientContext) ?? sharedQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

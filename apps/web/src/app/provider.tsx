import { hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  /** The server's query answers for a server-rendered page, so hydration needs no request. */
  initialState?: DehydratedState | undefined;
  /** The server renders with a client it owns (it reads the cache after rendering). */
  client?: QueryClient;
}

/** App-wide providers. The query client is made once per mount so tests get a fresh one. */
export function AppProvider({ children, initialState, client }: AppProviderProps) {
  const [queryClient] = useState(() => {
    if (client) return client;
    const created = createQueryClient();
    if (initialState) hydrate(created, initialState);
    return created;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

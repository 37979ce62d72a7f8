import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { vi } from 'vitest';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

function fromOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '';
  const from = (state as { from: { pathname?: string; search?: string } | null }).from;
  return from ? `${from.pathname ?? ''}${from.search ?? ''}` : '';
}

/**
 * Shows the current location so tests can assert where a navigation went, and the `from` a
 * guard remembered in the location state.
 */
function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <div data-testid="location-from">{fromOf(location.state)}</div>
    </>
  );
}

interface RenderOptions {
  /** The starting location: a path, or `{ pathname, search, state }`. */
  route?: InitialEntry;
  /** Route pattern the element is mounted at, e.g. "/parts/:id". */
  path?: string;
  /** More <Route>s beside the element (e.g. a /login stub to land on). */
  routes?: ReactNode;
  queryClient?: QueryClient;
}

/** Renders a screen or component inside a memory router and a fresh query client. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes, queryClient = createTestQueryClient() }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {routes}
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Renders a whole tree that brings its own <Routes> (e.g. AppRoutes) at a starting location. */
export function renderRoutes(
  tree: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: Pick<RenderOptions, 'route' | 'queryClient'> = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        {tree}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces fetch for one test; every call is recorded with its parsed URL. */
export function mockFetch(handler: FetchHandler) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(new URL(raw, 'http://localhost'), init);
  });
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

/** A problem+json answer as the API sends it; `errors` names the fields it refuses. */
export function problemResponse(
  status: number,
  title: string,
  detail: string,
  errors?: { field: string; message: string }[],
) {
  return new Response(
    JSON.stringify({ type: 'about:blank', title, status, detail, ...(errors ? { errors } : {}) }),
    {
      status,
      headers: { 'content-type': 'application/problem+json; charset=utf-8' },
    },
  );
}

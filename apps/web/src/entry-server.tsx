import type { RenderedPage } from '@pitstop/core/rendered-page';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, CLIENT_ONLY_PATHS } from './app/router';
import { ApiError, setApiTransport } from './lib/api-client';
import { preloadAllModules } from './lib/lazy-module';
import { createQueryClient } from './lib/query-client';
import {
  RenderContextValue,
  type PageMeta,
  type PreloadedImage,
  type RenderContext,
} from './lib/render-context';
import { serializeSsrState } from './lib/ssr-state';
import { renderHead, type ResolvedPageMeta } from './server/head';

/**
 * Server rendering of the public pages (docs/decisions/009-server-rendering.md). The API process
 * loads this module (built by `vite build --ssr`) and calls render() for a page request.
 */

export interface ServerRenderer {
  render(url: string): Promise<RenderedPage | null>;
}

// A page rarely needs more: pass 1 finds the queries, pass 2 may find queries that depend on
// their answers (a part's reviews), the last renders with everything.
const MAX_PASSES = 4;

const clientOnlyRoutes = CLIENT_ONLY_PATHS.map((path) => ({ path }));

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries the last render asked for that nobody has fetched yet. */
function unfetched(queryClient: QueryClient, tried: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        !tried.has(query.queryHash) &&
        isEnabled(query),
    );
}

async function renderPass(url: string, origin: string, queryClient: QueryClient) {
  const result: { status: number; meta?: PageMeta; modules: Set<string>; image?: PreloadedImage } = {
    status: 200,
    modules: new Set(),
  };
  const context: RenderContext = {
    origin,
    url,
    setStatus: (status) => (result.status = status),
    setMeta: (meta) => (result.meta = meta),
    addModule: (source) => result.modules.add(source),
    preloadImage: (image) => (result.image ??= image),
  };
  // prerender waits for every lazily loaded screen and every Suspense boundary: the whole page
  // goes out at once, so a crawler and a visitor without script get all of it (decision 024).
  let html: string;
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <RenderContextValue.Provider value={context}>
          <AppProvider client={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </RenderContextValue.Provider>
      </StrictMode>,
      {
        // Every boundary is written in place: React would otherwise move a large one into place
        // with an inline script, which the CSP refuses.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error) {
          // A part that throws on the server is rendered in the browser instead; say which.
          console.error('server render:', error);
        },
      },
    );
    html = await new Response(prelude).text();
  } catch (error) {
    // The shell itself threw: the browser renders the whole page instead; say why.
    console.error('server render:', error);
    html = '';
  }
  return { html, ...result };
}

/**
 * The status of a page whose data the API failed to give: 503 while the API is unavailable (the
 * database is down), 500 for any other failure of ours. A page that shows an error box in place
 * of its parts is not a page a crawler or a cache should keep as the shop's. An answer the page
 * expects (an unknown part's 404) is the page's own business (useHttpStatus).
 */
function dataFailureStatus(queryClient: QueryClient): 500 | 503 | undefined {
  let status: 500 | 503 | undefined;
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.status === 'error' ? query.state.error : null;
    if (!error) continue;
    const code = error instanceof ApiError ? error.status : 500;
    if (code === 503) status = 503;
    else if ((code >= 500 || code === 0) && status === undefined) status = 500;
  }
  return status;
}

const DEFAULT_META: PageMeta = { title: 'Pitstop Parts', description: '' };

/** The page's structured data built, its builders loaded first when the page loads them lazily. */
async function withJsonLd(meta: PageMeta, origin: string): Promise<ResolvedPageMeta> {
  if (!meta.jsonLd) return { ...meta, jsonLd: undefined };
  const blocks = await meta.jsonLd(origin);
  return { ...meta, jsonLd: () => blocks };
}

/**
 * @param origin the shop's public origin (canonical and Open Graph addresses)
 * @param fetchApi answers `/api/…` requests inside the API process
 */
export function createServerRenderer(
  origin: string,
  fetchApi: (url: string, init: RequestInit) => Promise<Response>,
): ServerRenderer {
  setApiTransport(fetchApi);
  // Screens render as the browser hydrates them (lib/lazy-module.ts), from the first request on.
  const modulesLoaded = preloadAllModules();
  return {
    async render(url) {
      await modulesLoaded;
      const pathname = new URL(url, origin).pathname;
      if (matchRoutes(clientOnlyRoutes, pathname)) return null;

      const queryClient = createQueryClient();
      const tried = new Set<string>();
      let pass = await renderPass(url, origin, queryClient);
      for (let i = 1; i < MAX_PASSES; i++) {
        const pending = unfetched(queryClient, tried);
        if (pending.length === 0) break;
        await Promise.all(
          pending.map((query) => {
            tried.add(query.queryHash);
            // No retries while a visitor waits: an error renders as the page's error state.
            return queryClient.prefetchQuery({ ...query.options, queryKey: query.queryKey, retry: false });
          }),
        );
        pass = await renderPass(url, origin, queryClient);
      }

      const status = dataFailureStatus(queryClient) ?? pass.status;
      const state = dehydrate(queryClient, {
        // Errors travel too (an unknown part renders "not found" on both sides alike).
        shouldDehydrateQuery: (query) => query.state.status !== 'pending',
      });
      queryClient.clear();
      return {
        status,
        head: renderHead(await withJsonLd(pass.meta ?? DEFAULT_META, origin), origin, url, pass.image),
        body: pass.html,
        state: serializeSsrState(state, [...pass.modules]),
        modules: [...pass.modules],
      };
    },
  };
}

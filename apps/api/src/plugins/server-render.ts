import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** What the web app's server bundle (apps/web/src/entry-server.tsx) renders for one page. */
export interface RenderedPage {
  status: number;
  head: string;
  body: string;
  state: string;
  /** Source paths (Vite manifest keys) of the lazily loaded modules the page rendered. */
  modules: string[];
}

/** The built web app as page rendering needs it: the page template. */
export interface WebBuild {
  template: string;
}

/**
 * The web build's page template, read again only when a rebuild replaced index.html (one stat per
 * page instead of a read). The template names the entry script and the stylesheet; the page
 * names no more scripts of its own: the entry fetches the app's code once the page has been
 * painted (apps/web/src/main.tsx, decision 023), and the app loads the screens the page shows.
 */
export function webBuildReader(webDist: string): () => Promise<WebBuild> {
  const indexFile = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; build: WebBuild } | undefined;
  return async () => {
    const { mtimeMs } = await fs.promises.stat(indexFile);
    if (cached?.mtimeMs === mtimeMs) return cached.build;
    const template = await fs.promises.readFile(indexFile, 'utf8');
    cached = { mtimeMs, build: { template } };
    return cached.build;
  };
}

interface ServerRendererModule {
  createServerRenderer(
    origin: string,
    fetchApi: (url: string, init: RequestInit) => Promise<Response>,
  ): { render(url: string): Promise<RenderedPage | null> };
}

export type RenderPage = (url: string) => Promise<RenderedPage | null>;

type InjectMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * The web app's `/api/…` requests during server rendering, answered in this process through
 * Fastify's inject: the same routes, validation, cache and serialisation, without a socket.
 * Anonymous on purpose: the server renders what any visitor sees.
 */
function injectFetch(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      if (key !== 'authorization') headers[key] = value;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as InjectMethod,
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers: responseHeaders });
  };
}

/**
 * Loads the server bundle built beside the web app (`apps/web/dist-server/entry-server.js`).
 * Without one (only `vite build` ran, or a test's stand-in web folder) pages are sent as the
 * client-rendered shell, as before.
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  webDist: string,
  origin: string,
): Promise<RenderPage | null> {
  const entry = path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  // The path comes from configuration (WEB_DIST), never from a request.
  // eslint-disable-next-line no-unsanitized/method
  const module = (await import(pathToFileURL(entry).href)) as ServerRendererModule;
  const renderer = module.createServerRenderer(origin, injectFetch(app));
  return (url) => renderer.render(url);
}

/** The built index.html with the rendered page put in: head tags, markup and query answers. */
export function composePage(template: string, page: RenderedPage): string {
  return (
    template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
      // Replacer functions: the page's text may hold "$&" or "$'", which a replacement string expands.
      .replace('</head>', () => `    ${page.head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.body}</div>\n    <script type="application/json" id="ssr-state">${page.state}</script>`,
      )
  );
}

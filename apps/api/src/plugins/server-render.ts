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

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk's file and every chunk it imports statically, as manifest keys are followed. */
function chunkFiles(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/** The built web app as page rendering needs it: the page template and the chunk map. */
export interface WebBuild {
  template: string;
  manifest: Manifest;
  /** Files the entry loads on every page (index.html preloads them already). */
  entryFiles: ReadonlySet<string>;
}

/**
 * `<link rel="modulepreload">` for the chunks of the screens a page rendered, beyond what the
 * entry already loads: without them the browser learns of a screen's chunk only after the entry
 * has run, and the page stays inert meanwhile. Only the screens' own chunks, at low priority:
 * on a slow phone connection a dozen shared chunks fetched at once held up the stylesheet, the
 * first picture and with them the first paint (Lighthouse: LCP 2.1–2.7 s with them at the end of
 * the page, 1.5–2.2 s without). The chunks they import follow when they are parsed, asked for by
 * the browser's module loader (the build adds no preload links from script: decision 023).
 */
export function modulePreloads(build: WebBuild, modules: readonly string[]): string {
  const files = new Set<string>();
  for (const source of modules) {
    const file = build.manifest[source]?.file;
    if (file && !build.entryFiles.has(file)) files.add(file);
  }
  return [...files]
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}" />`)
    .join('\n    ');
}

/**
 * The template, manifest and entry chunks of the web build, read again only when a rebuild
 * replaced index.html (one stat per page instead of two reads and a walk of the manifest).
 */
export function webBuildReader(webDist: string): () => Promise<WebBuild> {
  const indexFile = path.join(webDist, 'index.html');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; build: WebBuild } | undefined;
  return async () => {
    const { mtimeMs } = await fs.promises.stat(indexFile);
    if (cached?.mtimeMs === mtimeMs) return cached.build;
    const template = await fs.promises.readFile(indexFile, 'utf8');
    let manifest: Manifest = {};
    try {
      manifest = JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')) as Manifest;
    } catch {
      // A build without a manifest still renders; its pages just preload nothing extra.
    }
    const entryFiles = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry) chunkFiles(manifest, key, entryFiles);
    }
    cached = { mtimeMs, build: { template, manifest, entryFiles } };
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
export function composePage(template: string, page: RenderedPage, preloads = ''): string {
  return (
    template
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>/, '')
      // Replacer functions: the page's text may hold "$&" or "$'", which a replacement string expands.
      .replace('</head>', () => `    ${page.head}\n    ${preloads}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.body}</div>\n    <script type="application/json" id="ssr-state">${page.state}</script>`,
      )
  );
}

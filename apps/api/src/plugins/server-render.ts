import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { RenderedPageSchema, type RenderedPage } from '@pitstop/core/rendered-page';
import { RETRY_AFTER_SECONDS } from '../lib/errors.js';
import { ResponseCache, type CachedResponse } from '../lib/response-cache.js';

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

/** A rendered page, and what it was built from as far as the catalogue cache can tell. */
export interface PageRender {
  page: RenderedPage;
  /** The tags of the cached answers the page shows; undefined: one of them may change with anything. */
  tags: readonly string[] | undefined;
  /**
   * Whether the catalogue cache follows everything the page read: every read was a cached
   * answer, still kept as sent. A page that read anything else (an answer not cached, an error,
   * one replaced meanwhile) could go stale without anyone telling the page cache.
   */
  followed: boolean;
}

/** Renders a page, or null for a screen the browser renders (signed-in and sign-in screens). */
export type RenderPage = (url: string) => Promise<PageRender | null>;

/** What one render has read so far (see PageRender). */
interface PageReads {
  tags: Set<string>;
  untagged: boolean;
  followed: boolean;
}

type InjectMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Notes an API answer a page was built from: the catalogue cache's entry for it, when the cache
 * keeps one with the very bytes sent (same ETag), gives the page its tags.
 */
function noteRead(
  app: FastifyInstance,
  reads: PageReads,
  method: string,
  url: string,
  res: { statusCode: number; headers: Record<string, unknown> },
) {
  const entry = method === 'GET' && res.statusCode === 200 ? app.catalogueCache.get(url) : undefined;
  if (!entry?.etag || entry.etag !== res.headers.etag) {
    reads.followed = false;
    return;
  }
  if (entry.tags) for (const tag of entry.tags) reads.tags.add(tag);
  else reads.untagged = true;
}

/**
 * The web app's `/api/…` requests during server rendering, answered in this process through
 * Fastify's inject: the same routes, validation, cache and serialisation, without a socket.
 * Anonymous on purpose: the server renders what any visitor sees. Each read is noted for the
 * render it belongs to (`reads`, carried through the render's async calls), or counted in
 * `untracked` when it lost its render: no page rendered meanwhile is kept then.
 */
function injectFetch(
  app: FastifyInstance,
  reads: AsyncLocalStorage<PageReads>,
  untracked: { count: number },
) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      if (key !== 'authorization') headers[key] = value;
    });
    const method = (init.method ?? 'GET').toUpperCase() as InjectMethod;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const render = reads.getStore();
    if (render) noteRead(app, render, method, url, res);
    else untracked.count++;
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
  const reads = new AsyncLocalStorage<PageReads>();
  const untracked = { count: 0 };
  const renderer = module.createServerRenderer(origin, injectFetch(app, reads, untracked));
  return async (url) => {
    const read: PageReads = { tags: new Set(), untagged: false, followed: true };
    const untrackedBefore = untracked.count;
    const rendered = await reads.run(read, () => renderer.render(url));
    if (!rendered) return null;
    return {
      // Built apart from the API: checked, so a renderer of another shape fails here, by name.
      page: RenderedPageSchema.parse(rendered),
      tags: read.untagged ? undefined : [...read.tags],
      followed: read.followed && untracked.count === untrackedBefore,
    };
  };
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

const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * How many rendered pages are kept: a part page is 20–60 kB, plus its gzip copy once asked for.
 * Every query string is a page of its own, so the oldest go first.
 */
const PAGE_ENTRIES = 1_000;

/**
 * The rendered public pages, kept like the catalogue answers they show (decision 025): a page is
 * dropped by the same tags as those answers, on this process and (through the catalogue cache's
 * buses) every other, so a price or stock change shows on the next request. Rendering is
 * anonymous (see injectFetch), so a kept page is the same for every visitor.
 *
 * Kept: a 200 page whose every read the catalogue cache follows (see PageRender). Never kept: a
 * 404 (any address makes one), a page the server failed to fill (500, or 503 with Retry-After
 * while the database is down, sent `no-store`), and the shell of a screen the browser renders.
 * A rebuilt web app (a new index.html) drops every page.
 */
export function createPageCache(
  app: FastifyInstance,
  render: RenderPage,
  readBuild: () => Promise<WebBuild>,
): (url: string) => Promise<CachedResponse> {
  // HTML is revalidated on every use (its script and style names change with each build).
  const pages = new ResponseCache(PAGE_ENTRIES, 'no-cache');
  app.catalogueCache.onChange((tags) =>
    tags ? pages.invalidateTagsLocal([...tags]) : pages.invalidateLocal(),
  );
  let current: WebBuild | undefined;

  async function renderEntry(url: string, build: WebBuild): Promise<CachedResponse> {
    const rendered = await render(url);
    if (!rendered) return { body: Buffer.from(build.template), headers: {}, type: HTML_TYPE, keep: false };
    const { page, tags, followed } = rendered;
    const body = Buffer.from(composePage(build.template, page));
    if (page.status >= 500) {
      const retry: Record<string, string> = page.status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {};
      return {
        body,
        status: page.status,
        type: HTML_TYPE,
        headers: { 'cache-control': 'no-store', ...retry },
        keep: false,
      };
    }
    return {
      body,
      status: page.status,
      type: HTML_TYPE,
      headers: {},
      // A page of a build replaced while it rendered is sent, not kept.
      keep: page.status === 200 && followed && build === current,
      ...(tags ? { tags } : {}),
    };
  }

  return async (url) => {
    // Checked per request, like the static files, so a rebuilt web app's asset names are used.
    const build = await readBuild();
    if (build !== current) {
      if (current) pages.invalidateLocal();
      current = build;
    }
    return pages.getOrCompute(url, () => renderEntry(url, build));
  };
}

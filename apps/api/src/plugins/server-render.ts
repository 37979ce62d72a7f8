import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { RenderedPageSchema, type RenderedPage } from '@pitstop/core/rendered-page';
import { RETRY_AFTER_SECONDS } from '../lib/errors.js';
import { ResponseCache, type CachedResponse } from '../lib/response-cache.js';

/** The built web app as page rendering needs it: the page template, as of its file's time. */
export interface WebBuild {
  template: string;
  mtimeMs: number;
}

export interface WebBuildReader {
  /** The current build, read again only when a rebuild replaced index.html. */
  read(): Promise<WebBuild>;
  /**
   * Whether `build` is still the one on disk: one synchronous stat (microseconds, no trip through
   * the thread pool), for the path that answers a kept page without waiting on anything.
   */
  isCurrent(build: WebBuild): boolean;
}

/**
 * The web build's page template, read again only when a rebuild replaced index.html (one stat per
 * page instead of a read). The template names the entry script and the stylesheet; the page
 * names no more scripts of its own: the entry fetches the app's code once the page has been
 * painted (apps/web/src/main.tsx, decision 023), and the app loads the screens the page shows.
 */
export function webBuildReader(webDist: string): WebBuildReader {
  const indexFile = path.join(webDist, 'index.html');
  let cached: WebBuild | undefined;
  return {
    async read() {
      const { mtimeMs } = await fs.promises.stat(indexFile);
      if (cached?.mtimeMs === mtimeMs) return cached;
      const template = await fs.promises.readFile(indexFile, 'utf8');
      cached = { template, mtimeMs };
      return cached;
    },
    isCurrent(build) {
      try {
        return fs.statSync(indexFile).mtimeMs === build.mtimeMs;
      } catch {
        return false;
      }
    },
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
 * Anonymous on purpose: the server renders what any visitor sees. Each answer is noted for the
 * renders under way (`onRead`).
 */
function injectFetch(
  app: FastifyInstance,
  onRead: (
    method: string,
    url: string,
    res: { statusCode: number; headers: Record<string, unknown> },
  ) => void,
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
    onRead(method, url, res);
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
  // A read is noted for every render under way, not only the one that asked: a render's reads
  // all happen while it is under way, so each page gets at least its own tags (and, while others
  // render, some more: it is then dropped more often than it must, never kept past a change).
  // Telling the renders apart would take an AsyncLocalStorage, whose promise tracking every
  // request in the process would pay for.
  const rendering = new Set<PageReads>();
  const renderer = module.createServerRenderer(
    origin,
    injectFetch(app, (method, url, res) => {
      for (const reads of rendering) noteRead(app, reads, method, url, res);
    }),
  );
  return async (url) => {
    const reads: PageReads = { tags: new Set(), untagged: false, followed: true };
    rendering.add(reads);
    let rendered: RenderedPage | null;
    try {
      rendered = await renderer.render(url);
    } finally {
      rendering.delete(reads);
    }
    if (!rendered) return null;
    return {
      // Built apart from the API: checked, so a renderer of another shape fails here, by name.
      page: RenderedPageSchema.parse(rendered),
      tags: reads.untagged ? undefined : [...reads.tags],
      followed: reads.followed,
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

/** The rendered public pages (see createPageCache). */
export interface PageCache {
  /** The kept page for this address, if there is one and the web build is still the one it used. */
  hit(url: string): CachedResponse | undefined;
  /** The page for this address: the kept one, or rendered now (and kept when it may be). */
  page(url: string): Promise<CachedResponse>;
}

/**
 * Where a page has moved for good (a superseded part's page to its replacement's), or null. Asked
 * before rendering; the 301 is kept like a page and dropped by any edit of the catalogue.
 */
export type MovedTo = (url: string) => Promise<string | null>;

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
  builds: WebBuildReader,
  movedTo?: MovedTo,
): PageCache {
  // HTML is revalidated on every use (its script and style names change with each build).
  const pages = new ResponseCache(PAGE_ENTRIES, 'no-cache');
  app.catalogueCache.onChange((tags) =>
    tags ? pages.invalidateTagsLocal([...tags]) : pages.invalidateLocal(),
  );
  let current: WebBuild | undefined;

  async function renderEntry(url: string, build: WebBuild): Promise<CachedResponse> {
    // Unanswered (the database down), the page renders and says so itself (503).
    const location = movedTo ? await movedTo(url).catch(() => null) : null;
    if (location) {
      // Tagged with nothing: only an edit (which drops every page) can move it again.
      return {
        body: Buffer.alloc(0),
        status: 301,
        type: HTML_TYPE,
        headers: { location },
        keep: build === current,
        tags: [],
      };
    }
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

  return {
    hit(url) {
      return current && builds.isCurrent(current) ? pages.get(url) : undefined;
    },
    async page(url) {
      // Checked per request, like the static files, so a rebuilt web app's asset names are used.
      const build = await builds.read();
      if (build !== current) {
        if (current) pages.invalidateLocal();
        current = build;
      }
      return pages.getOrCompute(url, () => renderEntry(url, build));
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem } from '../lib/errors.js';
import { sendCached } from '../lib/response-cache.js';
import { withoutUnknownBrands } from '../modules/brands/service.js';
import { replacementPageOf } from '../modules/part-numbers/service.js';
import { createPageCache, loadServerRenderer, webBuildReader } from './server-render.js';

const ONE_YEAR = 31_536_000;

/**
 * A page's one address: lower case, without a trailing slash (but for "/") or repeated slashes.
 * The web app's routes match any case and a trailing slash, so without this `/Parts`, `/parts/`
 * and `/parts` would be one page at three addresses. Every id in a page address is a UUID, which
 * reads the same in either case. Null for a path not to redirect: a backslash, which a browser
 * would read as a slash in the Location (`/\evil.example` → `//evil.example`).
 */
export function canonicalPagePath(pathname: string): string | null {
  if (pathname.includes('\\')) return null;
  return pathname
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
}

// A control character as a URL carries it: %00–%1F, %7F, and U+0080–U+009F as UTF-8 (%C2%80–%C2%9F).
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/gi;

/**
 * A page address without control characters (decision 027), or null when it has none. A search
 * pasted with a NUL or a tab in it (/parts?q=brake%00pads) is moved to the same search with a
 * space there instead, so the page renders its results for text the catalogue takes; the
 * characters never reach the renderer or the HTML. In the path they are dropped.
 */
export function cleanPageAddress(url: string): string | null {
  if (!url.includes('%')) return null;
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const search = query === -1 ? '' : url.slice(query);
  // One leading slash, whatever was between the slashes: "/%00/evil.example" must not become
  // "//evil.example", an address on another site.
  const path = pathname.replace(ENCODED_CONTROL, '').replace(/^[/\\]+/, '/');
  const cleaned = path + search.replace(ENCODED_CONTROL, '%20');
  return cleaned === url ? null : cleaned;
}

/** The path of a request for a page: a GET or HEAD outside the API with no file extension. */
function pagePathOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const query = request.url.indexOf('?');
  const pathname = query === -1 ? request.url : request.url.slice(0, query);
  const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/health/');
  return isApi || path.extname(pathname) ? null : pathname;
}

/**
 * Serves the built web app: hashed assets cached for a year as immutable, everything else
 * revalidated. A page address (any GET that is not under /api and has no file extension) is
 * first moved (301) to its one address; then it is rendered on the server when it is a public
 * page, with its HTTP status (404 for an unknown page or part, 500 or 503 when its data could not
 * be read), and sent as the client-rendered shell (index.html) when it is a signed-in screen.
 * Rendered pages are kept and revalidated like the catalogue's answers (see createPageCache).
 */
export async function registerWeb(app: FastifyInstance, webDist: string, origin: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const render = hasWeb ? await loadServerRenderer(app, webDist, origin) : null;
  // A superseded part's page answers 301 to the end of its chain of replacements (issue #29).
  const pages = render
    ? createPageCache(app, render, webBuildReader(webDist), (url) => replacementPageOf(app.db, url))
    : null;

  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    const canonical = canonicalPagePath(pathname);
    if (canonical !== null && canonical !== pathname) {
      return reply.redirect(canonical + request.url.slice(pathname.length), 301);
    }
    // A catalogue link naming a brand that no longer exists: the same view without it (for now).
    const known = await withoutUnknownBrands(app.brands, request.url);
    if (known !== null) return reply.redirect(known, 302);
    if (!pages) {
      const moved = await replacementPageOf(app.db, request.url);
      if (moved) return reply.redirect(moved, 301);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendCached(reply, await pages.page(request.url));
  }
  if (hasWeb) {
    // Pages only (the static files' wildcard, which hands a page to the not-found handler, and
    // the home page); a route of its own (a sitemap) refuses such text with its schema.
    const pageRoutes = new Set(['/*', '/']);
    app.addHook('onRequest', (request, reply, done) => {
      const page = request.is404 || pageRoutes.has(request.routeOptions.url ?? '');
      const cleaned = page && pagePathOf(request) !== null ? cleanPageAddress(request.url) : null;
      if (cleaned !== null) {
        void reply.redirect(cleaned, 301);
        return;
      }
      done();
    });
  }
  if (pages) {
    // A kept page is answered before the request reaches the static files' lookup (a stat and a
    // directory read, for a file that is not there), as the catalogue answers its hits (002).
    // Only a page's one address is ever kept, so a hit needs no redirect.
    app.addHook('onRequest', (request, reply, done) => {
      const hit = pagePathOf(request) === null ? undefined : pages.hit(request.url);
      if (hit) {
        sendCached(reply, hit);
        return;
      }
      done();
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Look files up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      // The web build writes .br and .gz beside each asset; send those when the browser accepts them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const rel = path.relative(webDist, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', `public, max-age=${ONE_YEAR}, immutable`);
        } else if (rel === 'index.html') {
          res.header('cache-control', 'no-cache');
        } else if (rel.startsWith(`images${path.sep}`)) {
          // Pictures keep their names when redrawn: a week, then revalidate in the background.
          res.header('cache-control', 'public, max-age=604800, stale-while-revalidate=86400');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
    // The static handler refuses a bare directory; the home page is the SPA like any other route.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
  } else {
    app.log.warn(`No built web app at ${webDist}: only the API is served (run npm run build).`);
  }

  app.setNotFoundHandler((request, reply) => {
    const page = hasWeb ? pagePathOf(request) : null;
    if (page !== null) return sendPage(request, reply, page);
    const pathname = request.url.split('?')[0] ?? '/';
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problem(404, `No route for ${request.method} ${pathname}`));
  });
}

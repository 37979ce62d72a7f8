import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem } from '../lib/errors.js';
import { composePage, loadServerRenderer, webBuildReader } from './server-render.js';

const ONE_YEAR = 31_536_000;

/**
 * Serves the built web app: hashed assets cached for a year as immutable, everything else
 * revalidated. A page address (any GET that is not under /api and has no file extension) is
 * rendered on the server when it is a public page, with its HTTP status (404 for an unknown
 * page or part), and sent as the client-rendered shell (index.html) when it is a signed-in screen.
 */
export async function registerWeb(app: FastifyInstance, webDist: string, origin: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const render = hasWeb ? await loadServerRenderer(app, webDist, origin) : null;
  const readBuild = webBuildReader(webDist);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache');
    const page = render ? await render(request.url) : null;
    if (!page) return reply.sendFile('index.html');
    // Checked per request, like the static files, so a rebuilt web app's asset names are used.
    const build = await readBuild();
    const html = composePage(build.template, page);
    return reply.code(page.status).type('text/html; charset=utf-8').send(html);
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
    app.get('/', { schema: { hide: true } }, sendPage);
  } else {
    app.log.warn(`No built web app at ${webDist}: only the API is served (run npm run build).`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/health/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWeb && wantsPage && !isApi && !path.extname(pathname)) return sendPage(request, reply);
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problem(404, `No route for ${request.method} ${pathname}`));
  });
}

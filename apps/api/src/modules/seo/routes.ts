import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import {
  diagramPages,
  originOf,
  partIdAt,
  PUBLIC_PAGES,
  robotsTxt,
  SITEMAP_BATCH,
  SITEMAP_URL_LIMIT,
  sitemapFile,
  sitemapIndex,
  sitemapLayout,
  urlset,
} from './service.js';
import { singleLineText } from '@pitstop/core/text';

export interface SeoOptions {
  /** URLs per sitemap file; tests lower it to see the split without 50,000 parts. */
  urlsPerFile?: number;
  /** Part rows read per query; tests lower it to cross batch boundaries. */
  batchSize?: number;
}

const XML_TYPE = 'application/xml; charset=utf-8';
// Crawlers come back daily at most; an hour keeps a new part from waiting long, and spares the
// database a full id scan per fetch.
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';

function sendXml(reply: FastifyReply, body: string | AsyncIterable<string>): FastifyReply {
  reply.header('cache-control', SITEMAP_CACHE).type(XML_TYPE);
  return reply.send(typeof body === 'string' ? body : Readable.from(body));
}

/**
 * robots.txt and the sitemaps, at the site's root where crawlers look for them. Named routes win
 * over the web app's static-file wildcard, so a robots.txt left in a built web app is never sent.
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoOptions> = async (app, options) => {
  const limit = options.urlsPerFile ?? SITEMAP_URL_LIMIT;
  const batch = options.batchSize ?? SITEMAP_BATCH;
  const origin = originOf(app.config.publicUrl);

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawler rules and where the sitemap is' } },
    async (_request, reply) =>
      reply.header('cache-control', ROBOTS_CACHE).type('text/plain; charset=utf-8').send(robotsTxt(origin)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['seo'],
        summary: `Every public page, diagram page and part; an index of files once past ${limit.toLocaleString('en-US')} URLs`,
      },
    },
    async (_request, reply) => {
      const diagrams = await diagramPages(app.db, limit);
      const layout = await sitemapLayout(app.db, limit, diagrams.length);
      if (layout.kind === 'index')
        return sendXml(reply, sitemapIndex(origin, layout.partFiles, layout.diagrams));
      // Capped, so parts added since the count cannot push this file past the limit.
      const take = limit - PUBLIC_PAGES.length - diagrams.length;
      return sendXml(
        reply,
        urlset(app.db, origin, { pages: true, diagrams, parts: { from: null, take, batch } }),
      );
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One file of the sitemap index: pages.xml, diagrams.xml or parts-N.xml',
        params: z.object({ file: singleLineText().max(40) }),
      },
    },
    async (request, reply) => {
      const file = sitemapFile(request.params.file);
      if (!file) throw new AppError('not_found', 'There is no such sitemap.');
      if (file.kind === 'pages') return sendXml(reply, urlset(app.db, origin, { pages: true, parts: null }));
      if (file.kind === 'diagrams') {
        const diagrams = await diagramPages(app.db, limit);
        if (diagrams.length === 0) throw new AppError('not_found', 'There is no such sitemap.');
        return sendXml(reply, urlset(app.db, origin, { pages: false, diagrams, parts: null }));
      }
      const from = await partIdAt(app.db, (file.n - 1) * limit);
      if (from === null) throw new AppError('not_found', 'There is no such sitemap.');
      return sendXml(reply, urlset(app.db, origin, { pages: false, parts: { from, take: limit, batch } }));
    },
  );
};

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { diagramAssemblyPath, diagramBikePath } from '@pitstop/core/diagram-paths';
import { assemblies, parts } from '../../db/schema.js';
import { catalogue } from '../../seed/catalogue-data.js';
import { registerErrorHandling } from '../../lib/errors.js';
import { createTestApp, testConfig, type TestApp } from '../../test/app.js';
import { seoRoutes } from './routes.js';
import { DISALLOWED_PATHS, escapeXml, PUBLIC_PAGES } from './service.js';

const ORIGIN = 'https://shop.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

let t: TestApp;
/** Every part as the database has it, in id order. */
let stored: { id: string; updatedAt: Date }[];
/** The diagram pages the sitemap must list: each bike and year, then each assembly and year. */
let diagramUrls: string[];

beforeAll(async () => {
  // The trailing slash is dropped: addresses never carry "//".
  t = await createTestApp({ seed: true, env: { PUBLIC_URL: `${ORIGIN}/` } });
  stored = await t.database.db
    .select({ id: parts.id, updatedAt: parts.updatedAt })
    .from(parts)
    .orderBy(asc(parts.id));
  // Whatever the demo data holds, one assembly over two years of a bike with a name to slug.
  await t.database.db.insert(assemblies).values({
    make: 'Royal Enfield',
    model: 'Himalayan 450',
    yearFrom: 2024,
    yearTo: 2025,
    name: 'Rear brake & caliper',
    slug: 'rear-brake-caliper',
    image: '/images/diagrams/rear-brake.svg',
    position: 0,
  });
  const rows = await t.database.db
    .select()
    .from(assemblies)
    .orderBy(
      asc(assemblies.make),
      asc(assemblies.model),
      asc(assemblies.yearFrom),
      asc(assemblies.position),
      asc(assemblies.name),
    );
  const bikes = new Set<string>();
  const pages: string[] = [];
  for (const a of rows) {
    for (let year = a.yearFrom; year <= a.yearTo; year++) {
      bikes.add(`${ORIGIN}${diagramBikePath({ ...a, year })}`);
      pages.push(`${ORIGIN}${diagramAssemblyPath({ ...a, year }, a.slug)}`);
    }
  }
  diagramUrls = [...bikes, ...pages];
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  loc: string;
  lastmod: string | null;
}

/**
 * A strict reading of the little XML a sitemap is: the declaration, one root in the sitemaps
 * namespace, entries of <loc> and an optional <lastmod>, every tag closed in order and no
 * unescaped markup characters in text. Anything else throws.
 */
function readSitemap(xml: string): { root: 'urlset' | 'sitemapindex'; entries: Entry[] } {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (!xml.startsWith(declaration)) throw new Error('no XML declaration');
  const body = xml.slice(declaration.length);
  const rootMatch = /^<(urlset|sitemapindex) xmlns="([^"]+)">\n/.exec(body);
  if (!rootMatch || rootMatch[2] !== NS) throw new Error('no sitemap root in the sitemaps namespace');
  const root = rootMatch[1] as 'urlset' | 'sitemapindex';
  if (!body.endsWith(`</${root}>\n`)) throw new Error('root not closed at the end');
  const inner = body.slice(rootMatch[0].length, body.length - `</${root}>\n`.length);
  if (inner.length > 0 && !inner.endsWith('\n')) throw new Error('entries not one to a line');
  const entries: Entry[] = [];
  const tag = root === 'urlset' ? 'url' : 'sitemap';
  for (const line of inner.split('\n').slice(0, -1)) {
    if (!line.startsWith(`<${tag}><loc>`) || !line.endsWith(`</${tag}>`))
      throw new Error(`bad entry: ${line}`);
    const content = line.slice(`<${tag}>`.length, -`</${tag}>`.length);
    const dated = /^<loc>([^<>]*)<\/loc><lastmod>([^<>]*)<\/lastmod>$/.exec(content);
    const undated = /^<loc>([^<>]*)<\/loc>$/.exec(content);
    const loc = dated?.[1] ?? undated?.[1];
    if (loc === undefined) throw new Error(`malformed entry: ${line}`);
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(loc)) throw new Error(`unescaped & in ${loc}`);
    entries.push({ loc, lastmod: dated?.[2] ?? null });
  }
  return { root, entries };
}

const partUrl = (id: string) => `${ORIGIN}/parts/${id}`;
const pageUrls = PUBLIC_PAGES.map((p) => `${ORIGIN}${p}`);

describe('escapeXml', () => {
  it('escapes the five markup characters and nothing else', () => {
    expect(escapeXml(`https://a.example/?q=a&b<c>"d'/é`)).toBe(
      'https://a.example/?q=a&amp;b&lt;c&gt;&quot;d&apos;/é',
    );
  });
});

describe('robots.txt', () => {
  it('names the sitemap, keeps crawlers out of private screens and the API, and is cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ['/dashboard', '/api/', '/payment', '/order', '/profile', '/addreview']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(DISALLOWED_PATHS.length);
    // Public pages stay crawlable.
    expect(lines.some((l) => /^Disallow: \/(parts|about|blog|portfolio)?$/.test(l))).toBe(false);
  });
});

describe('/sitemap.xml with fewer URLs than one file holds', () => {
  it('lists the public pages, every diagram page and every part page once, with absolute addresses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { root, entries } = readSitemap(res.body);
    expect(root).toBe('urlset');
    expect(stored.length).toBeGreaterThan(50);
    expect(entries.map((e) => e.loc)).toEqual([
      ...pageUrls,
      ...diagramUrls,
      ...stored.map((p) => partUrl(p.id)),
    ]);
    // The bike's and the assembly's pages for each year the assembly covers, by their slugs.
    for (const year of [2024, 2025]) {
      expect(diagramUrls).toContain(`${ORIGIN}/diagrams/royal-enfield/himalayan-450/${year}`);
      expect(diagramUrls).toContain(
        `${ORIGIN}/diagrams/royal-enfield/himalayan-450/${year}/rear-brake-caliper`,
      );
    }
    expect(new Set(diagramUrls).size).toBe(diagramUrls.length);
  });

  it('dates each part by its last change, and the pages not at all', async () => {
    const { entries } = readSitemap((await t.app.inject({ url: '/sitemap.xml' })).body);
    const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod]));
    for (const page of pageUrls) expect(byLoc.get(page)).toBeNull();
    for (const p of stored) expect(byLoc.get(partUrl(p.id))).toBe(p.updatedAt.toISOString());
  });

  it('answers a HEAD, and gzip when asked', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    const gz = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});

/** The SEO routes alone on the test database, with a file size small enough to split. */
async function seoApp(urlsPerFile: number, batchSize?: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorate('config', testConfig({ PUBLIC_URL: ORIGIN }));
  app.decorate('db', t.database.db);
  await app.register(seoRoutes, { urlsPerFile, ...(batchSize ? { batchSize } : {}) });
  await app.ready();
  return app;
}

describe('/sitemap.xml past the URLs one file holds', () => {
  const PER_FILE = 4;
  let small: FastifyInstance;
  beforeAll(async () => {
    // Three rows a query: each file is read in two batches.
    small = await seoApp(PER_FILE, 3);
  });
  afterAll(async () => {
    await small.close();
  });

  it('is an index of the pages file and parts files that together list every part once', async () => {
    const index = readSitemap((await small.inject({ url: '/sitemap.xml' })).body);
    expect(index.root).toBe('sitemapindex');
    const fileCount = Math.ceil(stored.length / PER_FILE);
    expect(index.entries.map((e) => e.loc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/diagrams.xml`,
      ...Array.from({ length: fileCount }, (_, i) => `${ORIGIN}/sitemaps/parts-${i + 1}.xml`),
    ]);

    const pages = await small.inject({ url: '/sitemaps/pages.xml' });
    expect(pages.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(readSitemap(pages.body).entries.map((e) => e.loc)).toEqual(pageUrls);
    // The diagram pages' file holds at most a file's worth of them.
    const diagrams = await small.inject({ url: '/sitemaps/diagrams.xml' });
    expect(diagrams.statusCode).toBe(200);
    expect(readSitemap(diagrams.body).entries.map((e) => e.loc)).toEqual(diagramUrls.slice(0, PER_FILE));

    const listed: string[] = [];
    for (const [i, file] of index.entries.slice(2).entries()) {
      const res = await small.inject({ url: new URL(file.loc).pathname });
      expect(res.statusCode).toBe(200);
      const { root, entries } = readSitemap(res.body);
      expect(root).toBe('urlset');
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.length).toBeLessThanOrEqual(PER_FILE);
      // The index dates each file by its most recently changed part.
      const newest = entries
        .map((e) => e.lastmod!)
        .sort()
        .at(-1);
      expect(file.lastmod, `parts-${i + 1}.xml`).toBe(newest);
      listed.push(...entries.map((e) => e.loc));
    }
    expect(listed).toEqual(stored.map((p) => partUrl(p.id)));
  });

  it.each([
    'parts-0.xml',
    `parts-${Math.ceil(catalogue.length / PER_FILE) + 1}.xml`,
    'parts-x.xml',
    'other.xml',
    'parts-1.xml.gz',
  ])('answers 404 for /sitemaps/%s', async (file) => {
    const res = await small.inject({ url: `/sitemaps/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('reads the parts a batch at a time without losing or repeating one at the seams', async () => {
    for (const batchSize of [1, 7, stored.length, stored.length + 1]) {
      const app = await seoApp(1_000, batchSize);
      try {
        const { entries } = readSitemap((await app.inject({ url: '/sitemap.xml' })).body);
        expect(
          entries.map((e) => e.loc),
          `batches of ${batchSize}`,
        ).toEqual([...pageUrls, ...diagramUrls, ...stored.map((p) => partUrl(p.id))]);
      } finally {
        await app.close();
      }
    }
  });

  it('splits exactly when the pages, diagram pages and parts no longer fit in one file', async () => {
    const urls = PUBLIC_PAGES.length + diagramUrls.length + stored.length;
    const fits = await seoApp(urls);
    const over = await seoApp(urls - 1);
    try {
      const one = readSitemap((await fits.inject({ url: '/sitemap.xml' })).body);
      expect(one.root).toBe('urlset');
      expect(one.entries).toHaveLength(urls);
      const split = readSitemap((await over.inject({ url: '/sitemap.xml' })).body);
      expect(split.root).toBe('sitemapindex');
      // Every part fits in one parts file of that size: pages.xml, diagrams.xml and parts-1.xml.
      expect(split.entries.map((e) => new URL(e.loc).pathname)).toEqual([
        '/sitemaps/pages.xml',
        '/sitemaps/diagrams.xml',
        '/sitemaps/parts-1.xml',
      ]);
    } finally {
      await fits.close();
      await over.close();
    }
  });
});

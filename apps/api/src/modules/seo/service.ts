import { asc, count, gt, gte, sql } from 'drizzle-orm';
import { diagramAssemblyPath, diagramBikePath } from '@pitstop/core/diagram-paths';
import type { Db } from '../../db/client.js';
import { parts } from '../../db/schema.js';
import { listAssemblies } from '../diagrams/service.js';

/** The most URLs one sitemap file may list (sitemaps.org); past it, /sitemap.xml is an index. */
export const SITEMAP_URL_LIMIT = 50_000;
/** The public pages every sitemap lists besides the parts; signed-in screens are left out. */
export const PUBLIC_PAGES = ['/', '/parts', '/about', '/returns', '/blog', '/portfolio'] as const;
/** Screens a crawler has no business in (they need an account, or are the API itself). */
export const DISALLOWED_PATHS = [
  '/dashboard',
  '/api/',
  '/payment',
  '/order',
  '/profile',
  '/addreview',
] as const;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** Part rows read per query while a sitemap is written: memory stays flat at any catalogue size. */
export const SITEMAP_BATCH = 2_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function entry(tag: 'url' | 'sitemap', loc: string, lastmod?: Date | null): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>\n`;
}

/** The shop's public origin without a trailing slash ("https://shop.example"). */
export function originOf(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * What /sitemap.xml is. Up to `limit` URLs (the public pages and every part): one urlset with
 * them all. Past that, an index of /sitemaps/pages.xml and /sitemaps/parts-1.xml … parts-N.xml,
 * each file holding `limit` parts in id order, dated by its most recently changed part.
 */
export type SitemapLayout =
  { kind: 'urlset' } | { kind: 'index'; partFiles: { lastmod: Date | null }[]; diagrams: boolean };

export async function sitemapLayout(db: Db, limit: number, diagrams: number): Promise<SitemapLayout> {
  const [row] = await db.select({ n: count() }).from(parts);
  const total = row?.n ?? 0;
  if (total + PUBLIC_PAGES.length + diagrams <= limit) return { kind: 'urlset' };
  // One pass over the parts in id order: the file each falls in, and each file's newest change.
  const numbered = db
    .select({
      file: sql<number>`((row_number() over (order by ${parts.id}) - 1) / ${limit})::integer`.as('file'),
      updatedAt: parts.updatedAt,
    })
    .from(parts)
    .as('numbered');
  const files = await db
    .select({ file: numbered.file, lastmod: sql<Date>`max(${numbered.updatedAt})`.mapWith(parts.updatedAt) })
    .from(numbered)
    .groupBy(numbered.file)
    .orderBy(numbered.file);
  return { kind: 'index', partFiles: files.map((f) => ({ lastmod: f.lastmod })), diagrams: diagrams > 0 };
}

/**
 * The parts diagrams' pages (issue #29): for every year an assembly covers, its bike's page
 * (/diagrams/:make/:model/:year, once per bike and year) and the assembly's own, undated like the
 * other pages. At most `limit` (one file); read through the diagrams module.
 */
export async function diagramPages(db: Db, limit: number): Promise<string[]> {
  const bikes = new Set<string>();
  const assemblyPages: string[] = [];
  for (const a of await listAssemblies(db, {})) {
    for (let year = a.yearFrom; year <= a.yearTo; year++) {
      const bike = { make: a.make, model: a.model, year };
      bikes.add(diagramBikePath(bike));
      assemblyPages.push(diagramAssemblyPath(bike, a.slug));
    }
  }
  return [...bikes, ...assemblyPages].slice(0, limit);
}

/**
 * `<url>` entries for `take` parts in id order from the part `from` (null: the first), a batch
 * at a time and by key: only ids and update times are read.
 */
async function* partEntries(
  db: Db,
  origin: string,
  { from, take, batch }: PartRange,
): AsyncGenerator<string> {
  let after: string | null = null;
  let left = take;
  while (left > 0) {
    const size = Math.min(batch, left);
    const rows = await db
      .select({ id: parts.id, updatedAt: parts.updatedAt })
      .from(parts)
      .where(after !== null ? gt(parts.id, after) : from !== null ? gte(parts.id, from) : undefined)
      .orderBy(asc(parts.id))
      .limit(size);
    let chunk = '';
    for (const r of rows) chunk += entry('url', `${origin}/parts/${r.id}`, r.updatedAt);
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = last.id;
    left -= rows.length;
  }
}

function* pageEntries(origin: string): Generator<string> {
  for (const page of PUBLIC_PAGES) yield entry('url', `${origin}${page}`);
}

/** `<url>` entries for the diagram pages (diagramPages), in one piece. */
export function diagramEntries(origin: string, paths: string[]): string {
  return paths.map((path) => entry('url', `${origin}${path}`)).join('');
}

export interface PartRange {
  /** The id of the range's first part (see partIdAt); null to start at the first part. */
  from: string | null;
  take: number;
  /** Rows per query. */
  batch: number;
}

/** A urlset: the public pages and/or a range of parts, written as it is read. */
export async function* urlset(
  db: Db,
  origin: string,
  contents: { pages: boolean; diagrams?: string[]; parts: PartRange | null },
): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
  if (contents.pages) yield* pageEntries(origin);
  if (contents.diagrams?.length) yield diagramEntries(origin, contents.diagrams);
  if (contents.parts) yield* partEntries(db, origin, contents.parts);
  yield '</urlset>\n';
}

export function sitemapIndex(
  origin: string,
  partFiles: { lastmod: Date | null }[],
  diagrams = false,
): string {
  const files = [
    entry('sitemap', `${origin}/sitemaps/pages.xml`),
    ...(diagrams ? [entry('sitemap', `${origin}/sitemaps/diagrams.xml`)] : []),
    ...partFiles.map((f, i) => entry('sitemap', `${origin}/sitemaps/parts-${i + 1}.xml`, f.lastmod)),
  ];
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${files.join('')}</sitemapindex>\n`;
}

/** Which file of the index a name is: "pages.xml", "diagrams.xml", "parts-3.xml", or nothing we serve. */
export function sitemapFile(
  name: string,
): { kind: 'pages' } | { kind: 'diagrams' } | { kind: 'parts'; n: number } | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  if (name === 'diagrams.xml') return { kind: 'diagrams' };
  const match = /^parts-([1-9]\d{0,5})\.xml$/.exec(name);
  return match ? { kind: 'parts', n: Number(match[1]) } : null;
}

/**
 * The id of the part after the first `skip` in id order, where a parts file starts; null when
 * there is none (a parts file beyond the last is not found). The only query that pays for the skip.
 */
export async function partIdAt(db: Db, skip: number): Promise<string | null> {
  const [row] = await db.select({ id: parts.id }).from(parts).orderBy(asc(parts.id)).limit(1).offset(skip);
  return row?.id ?? null;
}

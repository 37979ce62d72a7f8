import { asc, eq, sql } from 'drizzle-orm';
import { brandSlug, brandsTexts, type Brand, type BrandInput } from '@pitstop/core/brands';
import { BRANDS as HOME_PAGE_BRANDS } from '@pitstop/core/catalogue';
import type { Db } from '../../db/client.js';
import { brands, parts } from '../../db/schema.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { recordAudit, type AuditContext } from '../audit/service.js';

/**
 * Brands are data (issue #29). The brands table belongs to this module; `parts.brand` is a
 * foreign key on a brand's name (ON UPDATE CASCADE), so counting a brand's parts, or refusing to
 * delete a brand that parts carry, reads the parts table's brand column and nothing else of it.
 */

/**
 * The tag of the answers that depend on which brands exist: GET /api/brands, and catalogue answers
 * filtered by brand (a brand deleted must turn those into a 400, not a kept empty list).
 */
export const BRANDS_TAG = 'brands';

type BrandRow = typeof brands.$inferSelect;

/**
 * The brands' names in memory, so the catalogue's brand filter and the part form's brand are
 * checked without a query per request. Read on first use; forgotten on every change that
 * carries BRANDS_TAG or drops everything (a rename, an import), here or on another process.
 */
export class BrandDirectory {
  /** Lower-cased name → the name as stored. */
  private names: ReadonlyMap<string, string> | null = null;
  private loading: Promise<ReadonlyMap<string, string>> | undefined;
  /** Bumped by each change: a read that started before one is not kept. */
  private generation = 0;

  constructor(private readonly db: Db) {}

  get(): Promise<ReadonlyMap<string, string>> {
    if (this.names) return Promise.resolve(this.names);
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<ReadonlyMap<string, string>> {
    const started = this.generation;
    try {
      const rows = await this.db.select({ name: brands.name }).from(brands);
      const names = new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
      if (started === this.generation) this.names = names;
      return names;
    } finally {
      if (started === this.generation) this.loading = undefined;
    }
  }

  forget(): void {
    this.generation++;
    this.names = null;
    this.loading = undefined;
  }

  follow(cache: ResponseCache): this {
    cache.onChange((tags) => {
      if (!tags || tags.has(BRANDS_TAG)) this.forget();
    });
    return this;
  }
}

/** A part's brand that is not one of the brands (refused naming `brand`). */
export const chooseBrand = () =>
  new AppError('invalid', brandsTexts.chooseBrand, [{ field: 'brand', message: brandsTexts.chooseBrand }]);

/**
 * Whether a database error is parts.brand's foreign key refusing a name: the brand was deleted
 * between the check and the part's write.
 */
export function isUnknownBrandError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23503' && constraint === 'parts_brand_brands_name_fk') return true;
  }
  return false;
}

/**
 * A part's brand as stored: the brand of that name, whatever its case ("ebc" is EBC). Any other
 * name is refused naming `brand`.
 */
export async function requireKnownBrand(directory: BrandDirectory, name: string): Promise<string> {
  const stored = (await directory.get()).get(name.toLowerCase());
  if (stored === undefined) throw chooseBrand();
  return stored;
}

/**
 * The catalogue's brand filter: every name must be a brand's, exactly as the facets list them
 * (the address is the cache's key and the page's canonical form). Refused naming `brand`.
 */
export async function requireKnownBrands(directory: BrandDirectory, names: readonly string[]): Promise<void> {
  const known = await directory.get();
  if (names.every((name) => known.get(name.toLowerCase()) === name)) return;
  throw new AppError('invalid', brandsTexts.unknownBrand, [
    { field: 'brand', message: brandsTexts.unknownBrand },
  ]);
}

// Spelled out: drizzle writes columns unqualified inside sql``, and in the subquery `name` would
// be the part's.
/**
 * The catalogue page's address without the brands no brand has any more (renamed or deleted since
 * the link was made), or null when every brand in it is known (or it names none). The page is then
 * moved there, so a stale link shows the catalogue rather than an error (the API refuses them).
 */
export async function withoutUnknownBrands(directory: BrandDirectory, url: string): Promise<string | null> {
  const query = url.indexOf('?');
  if (query === -1 || url.slice(0, query) !== '/parts') return null;
  const search = new URLSearchParams(url.slice(query + 1));
  const named = search.getAll('brand');
  if (named.length === 0) return null;
  const known = await directory.get();
  const kept = named.filter((name) => known.get(name.toLowerCase()) === name.normalize('NFC'));
  if (kept.length === named.length) return null;
  search.delete('brand');
  for (const name of kept) search.append('brand', name);
  const rest = search.toString();
  return rest ? `/parts?${rest}` : '/parts';
}

const partCount = sql<number>`(select count(*)::int from parts p where p.brand = ${brands}.name)`;

function toBrand(row: BrandRow, count: number): Brand {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    logo: row.logo,
    featured: row.featured,
    partCount: count,
  };
}

/** Every brand, by name (case aside), each with how many parts carry it (parts_brand_idx). */
export async function listBrands(db: Db): Promise<Brand[]> {
  const rows = await db
    .select({ brand: brands, count: partCount })
    .from(brands)
    .orderBy(sql`lower(${brands.name})`, asc(brands.name));
  return rows.map((r) => toBrand(r.brand, r.count));
}

async function getBrand(db: Db, id: string): Promise<Brand> {
  const [row] = await db.select({ brand: brands, count: partCount }).from(brands).where(eq(brands.id, id));
  if (!row) throw new AppError('not_found', brandsTexts.notFound);
  return toBrand(row.brand, row.count);
}

const nameTaken = () =>
  new AppError('conflict', brandsTexts.nameTaken, [{ field: 'name', message: brandsTexts.nameTaken }]);

/**
 * Brand writes take one lock: names are unique case aside ("EBC" and "ebc" are one brand), which
 * the table's own unique constraint (exact case) cannot say, so the check and the write must not
 * interleave with another's.
 */
async function lockBrands(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('brands'))`);
}

async function requireFreeName(tx: Db, name: string, except?: string): Promise<void> {
  const [clash] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(sql`lower(${brands.name}) = lower(${name})${except ? sql` and ${brands.id} <> ${except}` : sql``}`)
    .limit(1);
  if (clash) throw nameTaken();
}

/** The name's slug, or with -2, -3… when another brand has it ("K&N" and "K-N" are both k-n). */
async function freeSlug(tx: Db, name: string, except?: string): Promise<string> {
  const base = brandSlug(name);
  const rows = await tx
    .select({ slug: brands.slug })
    .from(brands)
    .where(
      sql`(${brands.slug} = ${base} or ${brands.slug} like ${`${base}-%`})${except ? sql` and ${brands.id} <> ${except}` : sql``}`,
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const audited = (row: Pick<BrandRow, 'name' | 'slug' | 'kind' | 'logo' | 'featured'>) => ({
  name: row.name,
  slug: row.slug,
  kind: row.kind,
  logo: row.logo,
  featured: row.featured,
});

/** Admins add a brand; its audit row goes in the same transaction. */
export async function createBrand(db: Db, input: BrandInput, audit: AuditContext): Promise<Brand> {
  try {
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockBrands(tx);
      await requireFreeName(tx, input.name);
      const values = { ...input, slug: await freeSlug(tx, input.name) };
      const [inserted] = await tx.insert(brands).values(values).returning();
      if (!inserted) throw new Error('brand was not inserted');
      await recordAudit(tx, audit, {
        action: 'brand.create',
        recordType: 'brand',
        recordId: inserted.id,
        after: audited(inserted),
      });
      return inserted;
    });
    return toBrand(row, 0);
  } catch (err) {
    // Another writer (the catalogue import's "create missing brands") took the name meanwhile.
    if (hasSqlState(err, '23505')) throw nameTaken();
    throw err;
  }
}

export interface BrandUpdate {
  brand: Brand;
  /** The name changed: every part of the brand now carries the new one. */
  renamed: boolean;
}

/**
 * Admins edit a brand. A new name follows into every part that carries it (the foreign key's ON
 * UPDATE CASCADE, in this statement), and with it their search text. The specification's six
 * makers keep their names: the home page's cards link to them by name.
 */
export async function updateBrand(
  db: Db,
  id: string,
  input: BrandInput,
  audit: AuditContext,
): Promise<BrandUpdate> {
  let renamed = false;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockBrands(tx);
      const [was] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!was) throw new AppError('not_found', brandsTexts.notFound);
      renamed = was.name !== input.name;
      if (renamed && (HOME_PAGE_BRANDS as readonly string[]).includes(was.name)) {
        const message = brandsTexts.homeBrandKept(was.name);
        throw new AppError('conflict', message, [{ field: 'name', message }]);
      }
      if (renamed) await requireFreeName(tx, input.name, id);
      const slug = renamed ? await freeSlug(tx, input.name, id) : was.slug;
      const values = { ...input, slug };
      await tx
        .update(brands)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(brands.id, id));
      await recordAudit(tx, audit, {
        action: 'brand.update',
        recordType: 'brand',
        recordId: id,
        before: audited(was),
        after: audited(values),
        about: { name: was.name },
      });
    });
  } catch (err) {
    if (hasSqlState(err, '23505')) throw nameTaken();
    throw err;
  }
  return { brand: await getBrand(db, id), renamed };
}

const inUse = (name: string, count: number) => {
  const message = brandsTexts.inUse(name, count);
  return new AppError('conflict', message, [{ field: 'brand', message }]);
};

/** Admins delete a brand no part carries; one that parts carry is refused (409), naming it. */
export async function deleteBrand(
  db: Db,
  id: string,
  audit: AuditContext,
): Promise<{ deletedCount: number }> {
  let name = '';
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await lockBrands(tx);
      const [was] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
      if (!was) throw new AppError('not_found', brandsTexts.notFound);
      name = was.name;
      if ((HOME_PAGE_BRANDS as readonly string[]).includes(was.name)) {
        const message = brandsTexts.homeBrandNotDeleted(was.name);
        throw new AppError('conflict', message, [{ field: 'brand', message }]);
      }
      const [carried] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(parts)
        .where(eq(parts.brand, was.name));
      if (carried && carried.n > 0) throw inUse(was.name, carried.n);
      await tx.delete(brands).where(eq(brands.id, id));
      await recordAudit(tx, audit, {
        action: 'brand.delete',
        recordType: 'brand',
        recordId: id,
        before: audited(was),
      });
      return { deletedCount: 1 };
    });
  } catch (err) {
    // Parts still name it (a write the count could not see): say how many there are now.
    if (hasSqlState(err, '23503')) {
      const [carried] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(parts)
        .where(eq(parts.brand, name));
      throw inUse(name, Math.max(1, carried?.n ?? 0));
    }
    throw err;
  }
}

import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brandsTexts, type Brand } from '@pitstop/core/brands';
import { BRANDS, TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { textRuleTexts } from '@pitstop/core/messages';
import type { Part, PartFacets } from '@pitstop/core/parts';
import { auditLog, brands, parts } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { withoutUnknownBrands } from './service.js';
import { partBody } from '../../test/catalogue.js';
import { uploadPicture } from '../../test/uploads.js';

/** Issue #29: brands are data. GET /api/brands, the admins' writes, and brands in the catalogue. */
const t = useTestApp();
let admin: Customer;
let rider: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Brand Admin' });
  rider = await signUp(t.app);
});

const as = (who: Customer | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

async function allBrands(): Promise<Brand[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/brands' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Brand[];
}

async function brandNamed(name: string): Promise<Brand | undefined> {
  return (await allBrands()).find((b) => b.name === name);
}

async function addBrand(body: object): Promise<Brand> {
  const res = await as(admin, 'POST', '/api/brands', { kind: 'aftermarket', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Brand;
}

async function listParts(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts?limit=100&${query}` });
  return { res, parts: res.statusCode === 200 ? (res.json() as Part[]) : [] };
}

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  return {
    naming(status: number, field: string, message: string) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((res.json() as { errors: unknown[] }).errors).toEqual([{ field, message }]);
    },
  };
}

describe('GET /api/brands', () => {
  it('lists the six makers as featured OEM brands, by name, with their part counts, to anyone', async () => {
    await createPart(t.database.db, { brand: 'Suzuki' });
    await createPart(t.database.db, { brand: 'Suzuki' });
    const list = await allBrands();
    for (const name of BRANDS) {
      expect(list.find((b) => b.name === name)).toMatchObject({
        name,
        slug: name.toLowerCase(),
        kind: 'oem',
        logo: null,
        featured: true,
      });
    }
    const names = list.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const counted = await t.database.db.select({ id: parts.id }).from(parts).where(eq(parts.brand, 'Suzuki'));
    expect((await brandNamed('Suzuki'))?.partCount).toBe(counted.length);
    expect(counted.length).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/brands, cached', () => {
  it('answers from the cache (ETag, 304) until a part or brand changes its counts or list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/brands' });
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/brands',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    // A part added through the API: Hero's count follows at once.
    const hero = (first.json() as Brand[]).find((b) => b.name === 'Hero')!;
    const created = await as(admin, 'POST', '/api/parts', partBody({ brand: 'Hero' }));
    expect(created.statusCode, created.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/brands',
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect((after.json() as Brand[]).find((b) => b.name === 'Hero')?.partCount).toBe(hero.partCount + 1);
  });
});

describe('admin writes', () => {
  it('are for admins only: 401 signed out, 403 for a rider, and nothing is written', async () => {
    const body = { name: 'Nobody Brand', kind: 'aftermarket' };
    const honda = (await brandNamed('Honda'))!;
    expect((await as(null, 'POST', '/api/brands', body)).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/brands'],
      ['PUT', `/api/brands/${honda._id}`],
      ['DELETE', `/api/brands/${honda._id}`],
    ] as const) {
      const res = await as(rider, method, url, method === 'DELETE' ? undefined : body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await brandNamed('Nobody Brand')).toBeUndefined();
    expect(await brandNamed('Honda')).toEqual(honda);
  });

  it('adds an aftermarket brand with an uploaded logo, audited, and lists it', async () => {
    const logo = await uploadPicture(t.app, admin.token, 'ebc.png');
    const ebc = await addBrand({ name: '  EBC  ', kind: 'aftermarket', logo });
    expect(ebc).toMatchObject({
      name: 'EBC',
      slug: 'ebc',
      kind: 'aftermarket',
      logo,
      featured: false,
      partCount: 0,
    });
    expect(await brandNamed('EBC')).toEqual(ebc);

    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.create'), eq(auditLog.recordId, ebc._id)));
    expect(row).toMatchObject({ actorId: admin.userId, recordType: 'brand' });
    expect(row?.after).toMatchObject({ name: 'EBC', kind: 'aftermarket', logo });
  });

  it('refuses a logo that is not a stored upload, naming logo', async () => {
    const never = `/uploads/${'a'.repeat(64)}-8x8.webp`;
    expectRefused(await as(admin, 'POST', '/api/brands', { name: 'Ghost', kind: 'oem', logo: never })).naming(
      400,
      'logo',
      'Upload the photo first',
    );
    const other = await as(admin, 'POST', '/api/brands', {
      name: 'Ghost',
      kind: 'oem',
      logo: '/images/x.svg',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: 'logo', message: 'Upload the logo first' }]);
    expect(await brandNamed('Ghost')).toBeUndefined();
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name', brandsTexts.nameRequired],
    ['a name too long', { name: 'N'.repeat(61) }, 'name', brandsTexts.nameTooLong],
    ['a control character', { name: 'NG\u0000K' }, 'name', textRuleTexts.controlCharacters],
    ['a line break', { name: 'NG\nK' }, 'name', textRuleTexts.controlCharacters],
    ['no kind', { name: 'NGK', kind: undefined }, 'kind', brandsTexts.kindRequired],
    ['an unknown kind', { name: 'NGK', kind: 'generic' }, 'kind', brandsTexts.kindRequired],
  ])('refuses %s with 400 naming the field', async (_label, overrides, field, message) => {
    const res = await as(admin, 'POST', '/api/brands', { kind: 'aftermarket', ...overrides });
    expectRefused(res).naming(400, field, message);
  });

  it('keeps names unique case aside (409 naming name), and makes a free slug for a look-alike', async () => {
    await addBrand({ name: 'K&N' });
    for (const name of ['K&N', 'k&n', ' K&n ']) {
      expectRefused(await as(admin, 'POST', '/api/brands', { name, kind: 'aftermarket' })).naming(
        409,
        'name',
        brandsTexts.nameTaken,
      );
    }
    const kn = await addBrand({ name: 'K-N' });
    expect(kn.slug).toBe('k-n-2');
    // Renaming one onto the other's name (any case) is refused too.
    expectRefused(await as(admin, 'PUT', `/api/brands/${kn._id}`, { name: 'k&N', kind: 'oem' })).naming(
      409,
      'name',
      brandsTexts.nameTaken,
    );
  });

  it('two admins adding one name at once, in two cases, make one brand and get one 409', async () => {
    const [a, b] = await Promise.all([
      as(admin, 'POST', '/api/brands', { name: 'Racing Bros', kind: 'aftermarket' }),
      as(admin, 'POST', '/api/brands', { name: 'RACING BROS', kind: 'aftermarket' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(brands);
    expect(rows.filter((r) => r.name.toLowerCase() === 'racing bros')).toHaveLength(1);
  });

  it('edits kind, logo and featured, audited with what changed; 404 for a brand that is not there', async () => {
    const did = await addBrand({ name: 'DID' });
    const logo = await uploadPicture(t.app, admin.token, 'did.png');
    const res = await as(admin, 'PUT', `/api/brands/${did._id}`, {
      name: 'DID',
      kind: 'oem',
      logo,
      featured: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'DID', kind: 'oem', logo, featured: true, slug: 'did' });
    expect(await brandNamed('DID')).toMatchObject({ kind: 'oem', featured: true, logo });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.update'), eq(auditLog.recordId, did._id)));
    expect(row?.before).toMatchObject({ kind: 'aftermarket', featured: false, logo: null, name: 'DID' });
    expect(row?.after).toMatchObject({ kind: 'oem', featured: true, logo, name: 'DID' });

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await as(admin, 'PUT', `/api/brands/${missing}`, { name: 'X', kind: 'oem' })).statusCode).toBe(
      404,
    );
    expect((await as(admin, 'DELETE', `/api/brands/${missing}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/brands/not-an-id')).statusCode).toBe(400);
  });

  it('keeps the home page’s six makers: no rename, no delete (409)', async () => {
    const honda = (await brandNamed('Honda'))!;
    const renamed = await as(admin, 'PUT', `/api/brands/${honda._id}`, { name: 'Honda Motor', kind: 'oem' });
    expectRefused(renamed).naming(409, 'name', brandsTexts.homeBrandKept('Honda'));
    // Its other fields may change.
    const featured = await as(admin, 'PUT', `/api/brands/${honda._id}`, {
      name: 'Honda',
      kind: 'oem',
      featured: true,
    });
    expect(featured.statusCode).toBe(200);
    const deleted = await as(admin, 'DELETE', `/api/brands/${honda._id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().detail).toBe(brandsTexts.homeBrandNotDeleted('Honda'));
    expect(await brandNamed('Honda')).toBeDefined();
  });
});

describe('a part’s brand', () => {
  it('must be a brand: an unknown one is refused naming brand; any case of a known one is stored as the brand', async () => {
    const unknown = await as(admin, 'POST', '/api/parts', partBody({ brand: 'Ducati' }));
    expectRefused(unknown).naming(400, 'brand', brandsTexts.chooseBrand);
    const empty = await as(admin, 'POST', '/api/parts', partBody({ brand: ' ' }));
    expectRefused(empty).naming(400, 'brand', brandsTexts.chooseBrand);

    await addBrand({ name: 'NGK' });
    const created = await as(
      admin,
      'POST',
      '/api/parts',
      partBody({ brand: 'ngk', name: 'Iridium spark plug' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { insertedId: string }).insertedId;
    const part = await t.app.inject({ method: 'GET', url: `/api/parts/${id}` });
    expect(part.json().brand).toBe('NGK');

    // An edit to an unknown brand is refused too, and the part keeps its brand.
    const edit = await as(
      admin,
      'PUT',
      `/api/parts/${id}`,
      partBody({ brand: 'Nope', partNumber: part.json().partNumber }),
    );
    expectRefused(edit).naming(400, 'brand', brandsTexts.chooseBrand);
    const [row] = await t.database.db.select({ brand: parts.brand }).from(parts).where(eq(parts.id, id));
    expect(row?.brand).toBe('NGK');
  });
});

describe('brands in the catalogue', () => {
  it('filters and counts by any brand in the table, and refuses a name no brand has (400 naming brand)', async () => {
    await addBrand({ name: 'Motul' });
    const body = partBody({ brand: 'Motul', name: 'Fully synthetic 10W-40' });
    const created = await as(admin, 'POST', '/api/parts', body);
    expect(created.statusCode, created.body).toBe(200);

    const motul = await listParts('brand=Motul');
    expect(motul.res.statusCode).toBe(200);
    expect(motul.parts.map((p) => p.name)).toEqual(['Fully synthetic 10W-40']);
    const both = await listParts('brand=Motul&brand=Suzuki');
    expect(Number(both.res.headers[TOTAL_COUNT_HEADER])).toBe(1 + (await brandNamed('Suzuki'))!.partCount);

    const facets = await t.app.inject({ method: 'GET', url: '/api/parts/facets' });
    expect((facets.json() as PartFacets).brand).toContainEqual({ value: 'Motul', count: 1 });

    for (const query of [
      'brand=Ducati',
      'brand=Motul&brand=Ducati',
      'brand=motul',
      `brand=${'x'.repeat(61)}`,
    ]) {
      for (const path of ['/api/parts', '/api/parts/facets']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        expectRefused(res).naming(400, 'brand', brandsTexts.unknownBrand);
      }
    }
    // A sane bound on how many brands one address names.
    const many = Array.from({ length: 51 }, () => 'brand=Motul').join('&');
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/parts?${many}` })).naming(
      400,
      'brand',
      brandsTexts.unknownBrand,
    );
    const control = await t.app.inject({ method: 'GET', url: '/api/parts?brand=Mo%01tul' });
    expectRefused(control).naming(400, 'brand', textRuleTexts.controlCharacters);
  });

  it('a rename follows into every part, its search text and the cached answers and index', async () => {
    const brand = await addBrand({ name: 'Zentrix' });
    const ids: string[] = [];
    for (const name of ['Sintered pad set', 'Organic pad set']) {
      const res = await as(admin, 'POST', '/api/parts', partBody({ brand: 'Zentrix', name }));
      expect(res.statusCode, res.body).toBe(200);
      ids.push((res.json() as { insertedId: string }).insertedId);
    }
    // Warm every kind of answer first: the list by brand and by text, the facets, a part.
    expect((await listParts('brand=Zentrix')).parts).toHaveLength(2);
    expect((await listParts('q=zentrix')).parts).toHaveLength(2);
    expect((await listParts('q=quorvane')).parts).toHaveLength(0);
    await t.app.inject({ method: 'GET', url: '/api/parts/facets' });
    await t.app.inject({ method: 'GET', url: `/api/parts/${ids[0]}` });
    expect((await brandNamed('Zentrix'))?.partCount).toBe(2);

    const res = await as(admin, 'PUT', `/api/brands/${brand._id}`, { name: 'Quorvane', kind: 'aftermarket' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Quorvane', slug: 'quorvane', partCount: 2 });

    const rows = await t.database.db
      .select({ brand: parts.brand })
      .from(parts)
      .where(eq(parts.brand, 'Quorvane'));
    expect(rows).toHaveLength(2);
    const found = await listParts('q=quorvane');
    expect(found.parts.map((p) => p._id).sort()).toEqual([...ids].sort());
    expect(found.parts.every((p) => p.brand === 'Quorvane')).toBe(true);
    expect((await listParts('q=zentrix')).parts).toHaveLength(0);
    expect((await listParts('brand=Quorvane')).parts).toHaveLength(2);
    expectRefused((await listParts('brand=Zentrix')).res).naming(400, 'brand', brandsTexts.unknownBrand);
    const facets = (await t.app.inject({ method: 'GET', url: '/api/parts/facets' })).json() as PartFacets;
    expect(facets.brand).toContainEqual({ value: 'Quorvane', count: 2 });
    expect(facets.brand.find((f) => f.value === 'Zentrix')).toBeUndefined();
    const part = await t.app.inject({ method: 'GET', url: `/api/parts/${ids[0]}` });
    expect(part.json().brand).toBe('Quorvane');
    expect(await brandNamed('Zentrix')).toBeUndefined();

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.update'), eq(auditLog.recordId, brand._id)))
      .orderBy(asc(auditLog.createdAt));
    expect(audit?.before).toMatchObject({ name: 'Zentrix', slug: 'zentrix' });
    expect(audit?.after).toMatchObject({ name: 'Quorvane', slug: 'quorvane' });
  });

  it('refuses to delete a brand with parts (409 naming it); deletes it once it has none', async () => {
    const brand = await addBrand({ name: 'Brembo' });
    const created = await as(admin, 'POST', '/api/parts', partBody({ brand: 'Brembo', name: 'Caliper' }));
    const partId = (created.json() as { insertedId: string }).insertedId;
    // A cached answer filtered by the brand, to see it turn into a 400 once the brand is gone.
    expect((await listParts('brand=Brembo')).parts).toHaveLength(1);

    const refused = await as(admin, 'DELETE', `/api/brands/${brand._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json().detail).toBe(brandsTexts.inUse('Brembo', 1));
    expect(refused.json().detail).toContain('Brembo');
    expect(await brandNamed('Brembo')).toMatchObject({ partCount: 1 });
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'brand.delete')),
    ).toHaveLength(0);

    expect((await as(admin, 'DELETE', `/api/parts/${partId}`)).statusCode).toBe(200);
    expect((await listParts('brand=Brembo')).parts).toHaveLength(0);
    const deleted = await as(admin, 'DELETE', `/api/brands/${brand._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await brandNamed('Brembo')).toBeUndefined();
    expect(await t.database.db.select().from(brands).where(eq(brands.id, brand._id))).toHaveLength(0);
    expectRefused((await listParts('brand=Brembo')).res).naming(400, 'brand', brandsTexts.unknownBrand);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'brand.delete'), eq(auditLog.recordId, brand._id)));
    expect(row?.before).toMatchObject({ name: 'Brembo' });
    // A part can no longer be given it.
    expectRefused(await as(admin, 'POST', '/api/parts', partBody({ brand: 'Brembo' }))).naming(
      400,
      'brand',
      brandsTexts.chooseBrand,
    );
  });

  it('moves a catalogue page naming brands no brand has to the same view without them', async () => {
    const moved = (url: string) => withoutUnknownBrands(t.app.brands, url);
    expect(await moved('/parts?brand=Honda&category=filters')).toBeNull();
    expect(await moved('/parts?category=filters')).toBeNull();
    expect(await moved('/parts/123?brand=Nope')).toBeNull();
    expect(await moved('/parts?brand=Nope&category=filters')).toBe('/parts?category=filters');
    expect(await moved('/parts?brand=Honda&brand=Nope&sort=price_asc')).toBe(
      '/parts?sort=price_asc&brand=Honda',
    );
    // Names are exact in the address, as the facets give them.
    expect(await moved('/parts?brand=honda')).toBe('/parts');
  });
});

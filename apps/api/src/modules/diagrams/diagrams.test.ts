import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  diagramsApi,
  type AssemblyDetail,
  type BikeDiagrams,
  type DiagramPictureUpload,
  type DiagramsDocument,
} from '@pitstop/core/diagrams';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { Problem } from '@pitstop/core/problem';
import { assemblies, auditLog, parts } from '../../db/schema.js';
import type { SeedFitment } from '../../seed/catalogue-data.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';

/**
 * Parts diagrams through the API (issue #29): a bike's assemblies and one assembly with its parts'
 * fit, the admin's writes and their refusals, the picture upload (PNG, SVG cleaned or refused),
 * import/export and the audit trail.
 */
const t = useTestApp();
const MAKE = 'Yamaha';
const MODEL = `Diagram Test ${randomBytes(3).toString('hex')} (ABS)`;
const BIKE_2020 = { year: 2020, make: MAKE, model: MODEL };

let admin: Customer;
let rider: Customer;
const numbers = { caliper: '', lateOnly: '', universal: '' };
let assemblyId = '';

async function picture(who: Customer | null, bytes: Buffer, filename: string, type: string) {
  const boundary = `----pitstop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: diagramsApi.adminPicture,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(who ? bearer(who.token) : {}),
    },
    payload,
  });
}

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: `#${randomBytes(3).toString('hex')}` } })
    .png()
    .toBuffer();

function as(
  who: Customer | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const fieldsOf = (body: string) => (JSON.parse(body) as Problem).errors ?? [];

beforeAll(async () => {
  admin = await signUpAdmin(t);
  rider = await signUp(t.app);
  const fitment = (yearFrom: number, yearTo: number): SeedFitment[] => [
    { make: MAKE, model: MODEL, yearFrom, yearTo },
  ];
  const tag = randomBytes(3).toString('hex').toUpperCase();
  numbers.caliper = `DG-${tag}-01`;
  numbers.lateOnly = `DG-${tag}-02`;
  numbers.universal = `DG-${tag}-03`;
  await createPart(t.database.db, {
    name: 'Caliper pads',
    partNumber: numbers.caliper,
    fitment: fitment(2018, 2024),
  });
  await createPart(t.database.db, {
    name: 'Late pin kit',
    partNumber: numbers.lateOnly,
    fitment: fitment(2022, 2024),
  });
  await createPart(t.database.db, {
    name: 'Any-bike lube',
    partNumber: numbers.universal,
    fitment: [],
    universal: true,
  });
});

describe('an admin builds a diagram', () => {
  let image = '';

  it('uploads a PNG picture; riders and strangers may not', async () => {
    const res = await picture(admin, await png(800, 600), 'caliper.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DiagramPictureUpload;
    expect(body).toMatchObject({ width: 800, height: 600, removed: [] });
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{64}-800x600\.webp$/);
    image = body.url;
    expect((await picture(rider, await png(), 'x.png', 'image/png')).statusCode).toBe(403);
    expect((await picture(null, await png(), 'x.png', 'image/png')).statusCode).toBe(401);
  });

  it('adds the assembly (admins only), the slug made from its name', async () => {
    const input = {
      make: MAKE,
      model: MODEL,
      yearFrom: 2018,
      yearTo: 2024,
      name: 'Front brake caliper',
      image,
    };
    expect((await as(rider, 'POST', diagramsApi.adminCreate, input)).statusCode).toBe(403);
    const res = await as(admin, 'POST', diagramsApi.adminCreate, input);
    expect(res.statusCode, res.body).toBe(201);
    const detail = res.json() as AssemblyDetail;
    expect(detail).toMatchObject({ slug: 'front-brake-caliper', calloutCount: 0, callouts: [] });
    expect(detail.picture).toMatchObject({ src: image, width: 800, height: 600 });
    assemblyId = detail.id;

    // Another assembly at that slug over overlapping years would make its address mean two things.
    const clash = await as(admin, 'POST', diagramsApi.adminCreate, {
      ...input,
      yearFrom: 2023,
      yearTo: 2026,
    });
    expect(clash.statusCode).toBe(409);
    expect(fieldsOf(clash.body)[0]).toEqual({
      field: 'slug',
      message: diagramTexts.slugTaken('front-brake-caliper'),
    });
    // A picture that was never uploaded is refused on `image`.
    const ghost = await as(admin, 'POST', diagramsApi.adminCreate, {
      ...input,
      slug: 'ghost',
      image: `/uploads/${'b'.repeat(64)}-10x10.webp`,
    });
    expect(ghost.statusCode).toBe(400);
    expect(fieldsOf(ghost.body)[0]?.field).toBe('image');
  });

  it('drops callouts naming parts by number with the part number rule', async () => {
    const loose = numbers.caliper.toLowerCase().replaceAll('-', ' ');
    const first = await as(admin, 'POST', diagramsApi.adminCallouts(assemblyId), {
      number: 1,
      x: 0.25,
      y: 0.5,
      parts: [{ partNumber: loose, quantity: 2, note: 'Left and right' }],
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await as(admin, 'POST', diagramsApi.adminCallouts(assemblyId), {
      number: 2,
      x: 0.75,
      y: 0.1,
      parts: [{ partNumber: numbers.lateOnly }, { partNumber: numbers.universal }],
    });
    expect(second.statusCode, second.body).toBe(201);
    const detail = second.json() as AssemblyDetail;
    expect(detail.callouts.map((c) => [c.number, c.parts.map((p) => p.partNumber)])).toEqual([
      [1, [numbers.caliper]],
      [2, [numbers.lateOnly, numbers.universal]],
    ]);
    expect(detail.callouts[0]?.parts[0]).toMatchObject({ quantity: 2, note: 'Left and right', price: 19.99 });
  });

  it('refuses a callout outside the picture, an unknown part number and a number taken', async () => {
    const url = diagramsApi.adminCallouts(assemblyId);
    const outside = await as(admin, 'POST', url, {
      number: 3,
      x: 1.2,
      y: 0.5,
      parts: [{ partNumber: numbers.caliper }],
    });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside.body)).toEqual([{ field: 'x', message: diagramTexts.outsidePicture }]);
    const above = await as(admin, 'POST', url, {
      number: 3,
      x: 0.2,
      y: -0.01,
      parts: [{ partNumber: numbers.caliper }],
    });
    expect(fieldsOf(above.body)[0]?.field).toBe('y');

    const unknown = await as(admin, 'POST', url, {
      number: 3,
      x: 0.5,
      y: 0.5,
      parts: [{ partNumber: numbers.caliper }, { partNumber: 'NO-SUCH-9999' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual([
      { field: 'parts.1.partNumber', message: diagramTexts.unknownPartNumber('NO-SUCH-9999') },
    ]);

    const taken = await as(admin, 'POST', url, {
      number: 1,
      x: 0.5,
      y: 0.5,
      parts: [{ partNumber: numbers.caliper }],
    });
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken.body)).toEqual([{ field: 'number', message: diagramTexts.numberTaken(1) }]);

    expect(
      (await as(rider, 'POST', url, { number: 9, x: 0.5, y: 0.5, parts: [{ partNumber: numbers.caliper }] }))
        .statusCode,
    ).toBe(403);
    const detail = (await as(admin, 'GET', diagramsApi.adminAssembly(assemblyId))).json() as AssemblyDetail;
    expect(detail.callouts.map((c) => c.number)).toEqual([1, 2]);
  });
});

describe('a rider reads the diagrams of a bike', () => {
  it('lists the bike’s assemblies by its slugs, filtered by text', async () => {
    const res = await as(null, 'GET', diagramsApi.bike(BIKE_2020));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as BikeDiagrams;
    expect(body.bike).toEqual(BIKE_2020);
    expect(body.assemblies.map((a) => [a.name, a.calloutCount])).toEqual([['Front brake caliper', 2]]);
    expect(body.assemblies[0]?.thumbnail).toMatch(/-320w\.webp$/);
    expect(
      ((await as(null, 'GET', diagramsApi.bike(BIKE_2020, 'brake'))).json() as BikeDiagrams).assemblies,
    ).toHaveLength(1);
    expect(
      ((await as(null, 'GET', diagramsApi.bike(BIKE_2020, 'headlight'))).json() as BikeDiagrams).assemblies,
    ).toEqual([]);
    // Outside the assembly's years: the bike is known (it has diagrams in other years) or not.
    expect((await as(null, 'GET', diagramsApi.bike({ ...BIKE_2020, year: 1999 }))).statusCode).toBe(404);
    expect(
      (await as(null, 'GET', diagramsApi.bike({ ...BIKE_2020, model: 'Nothing Like It' }))).statusCode,
    ).toBe(404);
  });

  it('shows each part’s price, stock and whether it fits the bike’s year', async () => {
    const read = async (year: number) => {
      const res = await as(null, 'GET', diagramsApi.assembly({ ...BIKE_2020, year }, 'front-brake-caliper'));
      expect(res.statusCode, res.body).toBe(200);
      const detail = res.json() as AssemblyDetail;
      return Object.fromEntries(detail.callouts.flatMap((c) => c.parts.map((p) => [p.partNumber, p.fits])));
    };
    expect(await read(2020)).toEqual({
      [numbers.caliper]: true,
      [numbers.lateOnly]: false,
      [numbers.universal]: true,
    });
    expect(await read(2023)).toEqual({
      [numbers.caliper]: true,
      [numbers.lateOnly]: true,
      [numbers.universal]: true,
    });
    const part = (
      (await as(null, 'GET', diagramsApi.assembly(BIKE_2020, 'front-brake-caliper'))).json() as AssemblyDetail
    ).callouts[0]!.parts[0]!;
    expect(part).toMatchObject({ availablequantity: 100, minquantity: 1, name: 'Caliper pads' });
    expect((await as(null, 'GET', diagramsApi.assembly(BIKE_2020, 'headlight'))).statusCode).toBe(404);
  });

  it('links a part to the diagrams it is on', async () => {
    const [row] = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(eq(parts.partNumber, numbers.lateOnly));
    const res = await as(null, 'GET', diagramsApi.forPart(row!.id, BIKE_2020));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'Front brake caliper',
        number: 2,
        path: `/diagrams/yamaha/${MODEL.toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/-$/, '')}/2020/front-brake-caliper`,
      }),
    ]);
  });

  it('sees an admin’s move at once (the cached answer is dropped)', async () => {
    const url = diagramsApi.assembly(BIKE_2020, 'front-brake-caliper');
    const before = (await as(null, 'GET', url)).json() as AssemblyDetail;
    const callout = before.callouts[0]!;
    const outside = await as(admin, 'PATCH', diagramsApi.adminCallout(assemblyId, callout.id), {
      x: 0.5,
      y: 1.5,
    });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside.body)[0]).toEqual({ field: 'y', message: diagramTexts.outsidePicture });
    const moved = await as(admin, 'PATCH', diagramsApi.adminCallout(assemblyId, callout.id), {
      x: 0.3,
      y: 0.6,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await as(null, 'GET', url)).json() as AssemblyDetail;
    expect(after.callouts[0]).toMatchObject({ number: 1, x: 0.3, y: 0.6 });
  });
});

describe('diagram pictures in SVG', () => {
  const drawing = (inner: string, attributes = '') =>
    Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"${attributes}>` +
        `<rect width="400" height="300" fill="#fff"/><circle cx="200" cy="150" r="${50 + (randomBytes(1)[0] ?? 0)}" fill="#334155"/>${inner}</svg>`,
    );

  it('stores a cleaned drawing as a WebP, naming what it removed', async () => {
    const res = await picture(
      admin,
      drawing('<script>alert(1)</script><foreignObject width="9" height="9"/>', ' onload="alert(1)"'),
      'caliper.svg',
      'image/svg+xml',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DiagramPictureUpload;
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{64}-1600x1200\.webp$/);
    expect(body.removed.sort()).toEqual(['foreignObject element', 'onload attribute', 'script element']);
    const served = await t.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a drawing with an external reference or a DOCTYPE, on image', async () => {
    for (const [svg, pattern] of [
      [drawing('<image href="http://169.254.169.254/latest" width="9" height="9"/>'), /external reference/],
      [drawing('<rect fill="url(https://evil.example/p#x)"/>'), /external reference/],
      [
        Buffer.from(
          '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        ),
        /DOCTYPE/,
      ],
    ] as const) {
      const res = await picture(admin, svg, 'bad.svg', 'image/svg+xml');
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res.body)[0]?.field).toBe('image');
      expect(fieldsOf(res.body)[0]?.message).toMatch(pattern);
    }
    const text = await picture(admin, Buffer.from('just words'), 'notes.txt', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(fieldsOf(text.body)[0]).toEqual({ field: 'image', message: diagramTexts.imageTypes });
  });
});

describe('import and export', () => {
  const exportUrl = (format: 'json' | 'csv') =>
    `${diagramsApi.adminExport}?${new URLSearchParams({ make: MAKE, model: MODEL, format }).toString()}`;

  it('exports a bike’s diagrams as JSON that imports back unchanged', async () => {
    expect((await as(rider, 'GET', exportUrl('json'))).statusCode).toBe(403);
    const res = await as(admin, 'GET', exportUrl('json'));
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as DiagramsDocument;
    expect(doc.assemblies).toHaveLength(1);
    expect(doc.assemblies[0]?.callouts.map((c) => c.parts.length)).toEqual([1, 2]);

    await t.database.db.delete(assemblies).where(and(eq(assemblies.make, MAKE), eq(assemblies.model, MODEL)));
    const imported = await as(admin, 'POST', diagramsApi.adminImport, doc);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ assemblies: 1, callouts: 2, parts: 3 });
    expect((await as(admin, 'GET', exportUrl('json'))).json()).toEqual(doc);
    const detail = (
      await as(null, 'GET', diagramsApi.assembly(BIKE_2020, 'front-brake-caliper'))
    ).json() as AssemblyDetail;
    assemblyId = detail.id;
    expect(detail.callouts.map((c) => c.number)).toEqual([1, 2]);
  });

  it('exports CSV that imports back, and names the line of a bad row', async () => {
    const res = await as(admin, 'GET', exportUrl('csv'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const csv = res.body;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'make,model,year_from,year_to,slug,name,image,position,number,x,y,part_number,quantity,note',
    );
    expect(lines).toHaveLength(4);

    const again = await t.app.inject({
      method: 'POST',
      url: diagramsApi.adminImport,
      headers: { 'content-type': 'text/csv', ...bearer(admin.token) },
      payload: csv,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ assemblies: 1, callouts: 2, parts: 3 });

    const broken = csv.replace(numbers.universal, 'NOT-A-PART-1');
    const refused = await t.app.inject({
      method: 'POST',
      url: diagramsApi.adminImport,
      headers: { 'content-type': 'text/csv', ...bearer(admin.token) },
      payload: broken,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.body)).toEqual([
      {
        field: 'part_number',
        message: diagramTexts.importLine(4, diagramTexts.unknownPartNumber('NOT-A-PART-1')),
      },
    ]);
    const outside = await t.app.inject({
      method: 'POST',
      url: diagramsApi.adminImport,
      headers: { 'content-type': 'text/csv', ...bearer(admin.token) },
      payload: [lines[0], lines[1]!.replace(',0.3,0.6,', ',0.3,1.6,'), lines[2], lines[3], ''].join('\r\n'),
    });
    expect(outside.statusCode).toBe(400);
    expect(fieldsOf(outside.body)).toEqual([
      { field: 'y', message: diagramTexts.importLine(2, diagramTexts.outsidePicture) },
    ]);
    // All or nothing: the refused files changed nothing.
    expect((await as(admin, 'GET', exportUrl('csv'))).body).toBe(csv);
  });

  it('names the JSON path of a bad field', async () => {
    const doc = (await as(admin, 'GET', exportUrl('json'))).json() as DiagramsDocument;
    doc.assemblies[0]!.callouts[1]!.x = 2;
    const res = await as(admin, 'POST', diagramsApi.adminImport, doc);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toEqual([
      { field: 'assemblies.0.callouts.1.x', message: diagramTexts.outsidePicture },
    ]);
  });
});

describe('the audit trail', () => {
  it('records each diagram write with who made it', async () => {
    const rows = await t.database.db
      .select({
        action: auditLog.action,
        actorId: auditLog.actorId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(eq(auditLog.recordType, 'assembly'))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => r.action)).toEqual([
      'assembly.create',
      'assembly.update',
      'assembly.update',
      'assembly.update',
      'assembly.import',
      'assembly.import',
    ]);
    expect(rows.every((r) => r.actorId === admin.userId)).toBe(true);
    expect(rows[0]?.after).toMatchObject({ name: 'Front brake caliper', slug: 'front-brake-caliper' });
    expect(rows[1]?.after).toMatchObject({
      'callout 1': { x: 0.25, y: 0.5, parts: `${numbers.caliper} ×2 (Left and right)` },
    });
    expect(rows[3]?.before).toMatchObject({ 'callout 1': { x: 0.25, y: 0.5 } });
    expect(rows[3]?.after).toMatchObject({ 'callout 1': { x: 0.3, y: 0.6 } });
    expect(rows[4]?.after).toMatchObject({ assemblies: 1, callouts: 2, parts: 3 });
  });

  it('records a deletion, which riders cannot make', async () => {
    expect((await as(rider, 'DELETE', diagramsApi.adminAssembly(assemblyId))).statusCode).toBe(403);
    const res = await as(admin, 'DELETE', diagramsApi.adminAssembly(assemblyId));
    expect(res.statusCode).toBe(204);
    const [row] = await t.database.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assembly.delete'), eq(auditLog.recordId, assemblyId)));
    expect(row?.before).toMatchObject({ name: 'Front brake caliper', make: MAKE, model: MODEL });
    expect((await as(null, 'GET', diagramsApi.assembly(BIKE_2020, 'front-brake-caliper'))).statusCode).toBe(
      404,
    );
  });
});

describe('an admin edits callouts and assemblies', () => {
  it('replaces a callout’s number, place and parts, deletes one, and lists and edits the assembly', async () => {
    const created = await as(admin, 'POST', diagramsApi.adminCreate, {
      make: MAKE,
      model: MODEL,
      yearFrom: 2019,
      yearTo: 2021,
      name: 'Headlight',
      image: '/images/diagrams/headlight.svg',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as AssemblyDetail).id;
    const add = (number: number, partNumber: string) =>
      as(admin, 'POST', diagramsApi.adminCallouts(id), { number, x: 0.5, y: 0.5, parts: [{ partNumber }] });
    await add(1, numbers.caliper);
    const two = ((await add(2, numbers.lateOnly)).json() as AssemblyDetail).callouts[1]!;

    const taken = await as(admin, 'PUT', diagramsApi.adminCallout(id, two.id), {
      number: 1,
      x: 0.1,
      y: 0.2,
      parts: [{ partNumber: numbers.universal }],
    });
    expect(taken.statusCode).toBe(409);
    const replaced = await as(admin, 'PUT', diagramsApi.adminCallout(id, two.id), {
      number: 3,
      x: 0.1,
      y: 0.2,
      parts: [{ partNumber: numbers.universal, quantity: 4 }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(
      (replaced.json() as AssemblyDetail).callouts.map((c) => [c.number, c.x, c.parts[0]?.partNumber]),
    ).toEqual([
      [1, 0.5, numbers.caliper],
      [3, 0.1, numbers.universal],
    ]);

    const deleted = await as(admin, 'DELETE', diagramsApi.adminCallout(id, two.id));
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as AssemblyDetail).callouts.map((c) => c.number)).toEqual([1]);
    expect((await as(admin, 'DELETE', diagramsApi.adminCallout(id, two.id))).statusCode).toBe(404);

    const list = await as(admin, 'GET', `${diagramsApi.adminList}?model=${encodeURIComponent(MODEL)}`);
    expect(
      (list.json() as { name: string; calloutCount: number }[]).map((a) => [a.name, a.calloutCount]),
    ).toEqual([['Headlight', 1]]);
    const renamed = await as(admin, 'PUT', diagramsApi.adminAssembly(id), {
      make: MAKE,
      model: MODEL,
      yearFrom: 2019,
      yearTo: 2022,
      name: 'Headlight and turn signals',
      slug: 'headlight',
      image: '/images/diagrams/headlight.svg',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const read = await as(null, 'GET', diagramsApi.assembly({ ...BIKE_2020, year: 2022 }, 'headlight'));
    expect((read.json() as AssemblyDetail).name).toBe('Headlight and turn signals');
    expect((await as(rider, 'PUT', diagramsApi.adminAssembly(id), {})).statusCode).toBe(403);
  });
});

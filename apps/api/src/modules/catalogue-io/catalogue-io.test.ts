import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, importTexts } from '@pitstop/core/catalogue-io';
import { addReviews, createPart } from '../../seed/factories.js';
import { partFitments, parts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { catalogueCsv, csvPartNumber, csvRow, type CsvRow } from '../../test/catalogue.js';
import { exportCatalogue, importCatalogue } from './service.js';

const t = useTestApp();
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Ada Admin' });
  customer = await signUp(t.app, { name: 'Cass Customer' });
});

function multipart(text: string, field = 'file') {
  const boundary = `----pitstop${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="catalogue.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importAs(token: string | undefined, text: string, field = 'file') {
  const body = multipart(text, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/parts/import',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

async function stored(partNumber: string) {
  const [part] = await t.database.db.select().from(parts).where(eq(parts.partNumber, partNumber));
  if (!part) return undefined;
  const fitment = await t.database.db
    .select()
    .from(partFitments)
    .where(eq(partFitments.partId, part.id))
    .orderBy(asc(partFitments.make), asc(partFitments.model), asc(partFitments.yearFrom));
  return { ...part, fitment };
}

describe('only admins import and export', () => {
  it.each([
    ['POST', '/api/parts/import'],
    ['GET', '/api/parts/export.csv'],
  ] as const)('%s %s: 401 anonymous, 403 customer', async (method, url) => {
    const body = multipart(catalogueCsv([csvRow()]));
    const send = (token?: string) =>
      t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: body.payload } : {}),
        headers: { ...(method === 'POST' ? body.headers : {}), ...(token ? bearer(token) : {}) },
      });
    expect((await send()).statusCode).toBe(401);
    const asCustomer = await send(customer.token);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.headers['content-type']).toContain('application/problem+json');
  });

  it('a refused import writes nothing', async () => {
    const number = csvPartNumber('REFUSED');
    expect((await importAs(customer.token, catalogueCsv([csvRow({ part_number: number })]))).statusCode).toBe(
      403,
    );
    expect(await stored(number)).toBeUndefined();
  });
});

describe('POST /api/parts/import', () => {
  it('creates parts, lists bad rows by line and column, and lands the good ones', async () => {
    const good = [csvPartNumber('GOOD1'), csvPartNumber('GOOD2'), csvPartNumber('GOOD3')];
    const text = catalogueCsv([
      csvRow({ part_number: good[0] }), // line 2
      csvRow({ part_number: csvPartNumber('B1'), brand: 'Kawasaki' }), // line 3
      csvRow({ part_number: csvPartNumber('B2'), price: '12.999' }), // line 4
      csvRow({ part_number: csvPartNumber('B3'), min_quantity: '50' }), // line 5
      csvRow({ part_number: csvPartNumber('B4'), fitment: 'Yamaha|FZ-S|2021-2019|front' }), // line 6
      csvRow({ part_number: good[1], description: 'Two\nlines' }), // lines 7–8
      csvRow({ part_number: csvPartNumber('B5'), fitment: 'Yamaha|FZ-S|2019|top' }), // line 9
      csvRow({ part_number: good[0], name: 'Repeated' }), // line 10
      csvRow({ part_number: csvPartNumber('B6'), universal: 'yes', stock: '' }), // line 11
      csvRow({ part_number: csvPartNumber('B7'), available_quantity: '90', price: '-1' }), // line 12
      csvRow({ part_number: good[2], specifications: '', fitment: '' }), // line 13
      csvRow({ part_number: csvPartNumber('B8'), image: 'https://example.com/x.png' }), // line 14
      csvRow({ part_number: csvPartNumber('B9'), specifications: 'Material' }), // line 15
      csvRow({ part_number: csvPartNumber('B10'), fitment: 'Yamaha|FZ-S' }), // line 16
    ]);
    const res = await importAs(admin.token, `${text}short,row\n`); // line 17
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ created: 3, updated: 0, unchanged: 0, failedRows: 12 });
    expect(result.failed).toEqual([
      { line: 3, field: 'brand', message: importTexts.unknownBrand('Kawasaki', 3) },
      { line: 4, field: 'price', message: 'Use at most two decimals' },
      { line: 5, field: 'min_quantity', message: 'The minimum order cannot be above the available quantity' },
      { line: 6, field: 'fitment', message: 'Entry 1: The first year must not be after the last year' },
      { line: 9, field: 'fitment', message: importTexts.fitmentPosition(1) },
      { line: 10, field: 'part_number', message: importTexts.duplicate(2) },
      { line: 11, field: 'stock', message: 'Enter Stock' },
      { line: 11, field: 'universal', message: importTexts.universal },
      { line: 12, field: 'price', message: 'The price cannot be negative' },
      { line: 12, field: 'available_quantity', message: 'Available quantity cannot be above stock' },
      { line: 14, field: 'image', message: importTexts.image },
      { line: 15, field: 'specifications', message: importTexts.specification(1) },
      { line: 16, field: 'fitment', message: importTexts.fitmentShape(1) },
      { line: 17, field: '', message: importTexts.cellCount(2, CATALOGUE_CSV_COLUMNS.length) },
    ]);
    for (const number of good) expect(await stored(number)).toBeDefined();
    const first = await stored(good[0] ?? '');
    expect(first).toMatchObject({
      name: 'Yamaha YZF-R15 V3 Front Brake Pads — Sintered',
      priceCents: 1299,
      img: '/images/parts/brake-pads.svg',
      specifications: [
        { key: 'Material', value: 'Sintered' },
        { key: 'Pieces', value: '2' },
      ],
      universal: false,
    });
    expect((await stored(good[1] ?? ''))?.description).toBe('Two\nlines');
    expect((await stored(good[2] ?? ''))?.fitment).toEqual([]);
  });

  it('stores fitment entries with position, quantity and note, and universal parts', async () => {
    const number = csvPartNumber('FIT');
    const res = await importAs(
      admin.token,
      catalogueCsv([
        csvRow({
          part_number: number,
          universal: 'TRUE',
          // A backslash keeps the note's own ";" from ending the entry.
          fitment:
            "Honda|CB350 H'ness|2020-2024|pair|2|Both sides\\; check the mount;Bajaj|Pulsar NS200|2019||1|;TVS|Apache RTR 160 4V|2018-2023",
        }),
      ]),
    );
    expect(res.json()).toMatchObject({ created: 1, failed: [] });
    const part = await stored(number);
    expect(part?.universal).toBe(true);
    expect(
      part?.fitment.map(({ make, model, yearFrom, yearTo, position, quantity, note }) => ({
        make,
        model,
        yearFrom,
        yearTo,
        position,
        quantity,
        note,
      })),
    ).toEqual([
      {
        make: 'Bajaj',
        model: 'Pulsar NS200',
        yearFrom: 2019,
        yearTo: 2019,
        position: null,
        quantity: 1,
        note: null,
      },
      {
        make: 'Honda',
        model: "CB350 H'ness",
        yearFrom: 2020,
        yearTo: 2024,
        position: 'pair',
        quantity: 2,
        note: 'Both sides; check the mount',
      },
      {
        make: 'TVS',
        model: 'Apache RTR 160 4V',
        yearFrom: 2018,
        yearTo: 2023,
        position: null,
        quantity: 1,
        note: null,
      },
    ]);
  });

  it('applies the form limits to fitment entries and their quantities', async () => {
    const many = Array.from({ length: 51 }, (_, i) => `Yamaha|MT-15|${1990 + i}`).join(';');
    const res = await importAs(
      admin.token,
      catalogueCsv([
        csvRow({ part_number: csvPartNumber('MANY'), fitment: many }),
        csvRow({
          part_number: csvPartNumber('ZERO'),
          fitment: 'Yamaha|MT-15|2019|front;Yamaha|MT-15|2020|rear|0',
        }),
        csvRow({ part_number: csvPartNumber('LONG'), fitment: `Yamaha|${'M'.repeat(81)}|2019` }),
      ]),
    );
    expect(res.json().failed).toEqual([
      { line: 2, field: 'fitment', message: importTexts.tooManyEntries(50) },
      { line: 3, field: 'fitment', message: importTexts.fitmentQuantity(2) },
      { line: 4, field: 'fitment', message: expect.stringMatching(/^Entry 1: /) },
    ]);
  });

  it('a second identical import changes nothing; a changed row updates only that part', async () => {
    const numbers = [csvPartNumber('SAME1'), csvPartNumber('SAME2'), csvPartNumber('SAME3')];
    const rows = numbers.map((n, i) =>
      csvRow({
        part_number: n,
        fitment: `Suzuki|Gixxer SF 250|2020-2024|rear|1|Note ${i};Hero|Xpulse 200 4V|2021`,
      }),
    );
    const first = await importAs(admin.token, catalogueCsv(rows));
    expect(first.json()).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    const before = await Promise.all(numbers.map(stored));
    const fitIds = before.map((p) => p?.fitment.map((f) => f.id).sort());
    await new Promise((r) => setTimeout(r, 20));

    const again = await importAs(admin.token, catalogueCsv(rows));
    expect(again.json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      failed: [],
      failedRows: 0,
      brandsCreated: [],
    });
    const after = await Promise.all(numbers.map(stored));
    expect(after.map((p) => p?.updatedAt.getTime())).toEqual(before.map((p) => p?.updatedAt.getTime()));
    // Fitment rows are not even rewritten.
    expect(after.map((p) => p?.fitment.map((f) => f.id).sort())).toEqual(fitIds);

    // Entries in another order are the same fitment.
    const reordered = rows.map((r) => ({ ...r, fitment: r.fitment.split(';').reverse().join(';') }));
    expect((await importAs(admin.token, catalogueCsv(reordered))).json()).toMatchObject({
      updated: 0,
      unchanged: 3,
    });

    const changed = rows.map((r, i) =>
      i === 0 ? { ...r, price: '15.50' } : i === 1 ? { ...r, fitment: 'Hero|Xpulse 200 4V|2021-2024' } : r,
    );
    const third = await importAs(admin.token, catalogueCsv(changed));
    expect(third.json()).toMatchObject({ created: 0, updated: 2, unchanged: 1, failed: [] });
    const [priced, refitted, untouched] = await Promise.all(numbers.map(stored));
    expect(priced?.priceCents).toBe(1550);
    expect(priced?.updatedAt.getTime()).toBeGreaterThan(before[0]?.updatedAt.getTime() ?? 0);
    expect(refitted?.fitment.map((f) => [f.model, f.yearFrom, f.yearTo])).toEqual([
      ['Xpulse 200 4V', 2021, 2024],
    ]);
    expect(refitted?.updatedAt.getTime()).toBeGreaterThan(before[1]?.updatedAt.getTime() ?? 0);
    expect(untouched?.updatedAt.getTime()).toBe(before[2]?.updatedAt.getTime());
  });

  it('updates keep what the CSV does not carry (rating, reviews, creation time)', async () => {
    const part = await createPart(t.database.db);
    await addReviews(t.database.db, part, [5, 4]);
    const res = await importAs(
      admin.token,
      catalogueCsv([csvRow({ part_number: part.partNumber, name: 'Renamed by CSV', category: 'filters' })]),
    );
    expect(res.json()).toMatchObject({ created: 0, updated: 1 });
    const after = await stored(part.partNumber);
    expect(after).toMatchObject({
      id: part.id,
      name: 'Renamed by CSV',
      ratings: 4.5,
      reviewCount: 2,
      img: '/images/parts/filters.svg',
    });
    expect(after?.createdAt.getTime()).toBe(part.createdAt.getTime());
  });

  it('the catalogue answers with the imported part at once (its cache is invalidated)', async () => {
    const number = csvPartNumber('CACHE');
    const list = () => t.app.inject({ method: 'GET', url: '/api/parts?limit=100&sort=newest' });
    const before = await list();
    expect(before.statusCode).toBe(200);
    expect((before.json() as { partNumber: string }[]).some((p) => p.partNumber === number)).toBe(false);
    const res = await importAs(
      admin.token,
      catalogueCsv([csvRow({ part_number: number, name: 'Freshly Imported Chain Kit' })]),
    );
    expect(res.json()).toMatchObject({ created: 1 });
    const after = await list();
    expect((after.json() as { partNumber: string }[]).some((p) => p.partNumber === number)).toBe(true);
  });

  it('refuses a header with unknown or missing columns, naming them, and writes nothing', async () => {
    const number = csvPartNumber('HEADER');
    const columns = [...CATALOGUE_CSV_COLUMNS.filter((c) => c !== 'seller' && c !== 'fitment'), 'colour'];
    const res = await importAs(admin.token, catalogueCsv([csvRow({ part_number: number })], columns));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const detail = res.json().detail as string;
    expect(detail).toContain('Unknown columns: colour.');
    expect(detail).toContain('Missing columns: seller, fitment.');
    expect(await stored(number)).toBeUndefined();
  });

  it('accepts columns in any order, a byte-order mark and CRLF line ends', async () => {
    const number = csvPartNumber('ORDER');
    const columns = [...CATALOGUE_CSV_COLUMNS].reverse();
    const text = `\uFEFF${catalogueCsv([csvRow({ part_number: number })], columns).replaceAll('\n', '\r\n')}`;
    const res = await importAs(admin.token, text);
    expect(res.json()).toMatchObject({ created: 1, failed: [] });
    expect((await stored(number))?.seller).toBe('CSV Moto Supply');
  });

  it('refuses an empty file, a missing file field and a body that is not multipart', async () => {
    expect((await importAs(admin.token, '')).statusCode).toBe(400);
    const wrongField = await importAs(admin.token, catalogueCsv([csvRow()]), 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toBe(importTexts.noFile);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import',
      headers: bearer(admin.token),
      payload: { csv: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('checks /uploads/ pictures exist', async () => {
    const res = await importAs(
      admin.token,
      catalogueCsv([
        csvRow({ part_number: csvPartNumber('UPLOAD'), image: `/uploads/${'a'.repeat(64)}.webp` }),
      ]),
    );
    expect(res.json().failed).toEqual([{ line: 2, field: 'image', message: importTexts.uploadMissing }]);
  });

  it('removes the spreadsheet apostrophe in front of a formula character', async () => {
    const number = csvPartNumber('QUOTE');
    const res = await importAs(
      admin.token,
      catalogueCsv([csvRow({ part_number: number, name: "'=Brake Pads", seller: "'Tis Moto" })]),
    );
    expect(res.json()).toMatchObject({ created: 1 });
    expect(await stored(number)).toMatchObject({ name: '=Brake Pads', seller: "'Tis Moto" });
  });

  it('streams in batches: repeats are caught across batches and every row is counted once', async () => {
    const numbers = Array.from({ length: 7 }, (_, i) => csvPartNumber(`BATCH${i}`));
    const rows = [...numbers.map((n) => csvRow({ part_number: n })), csvRow({ part_number: numbers[1] })];
    const result = await importCatalogue(t.database.db, Readable.from([catalogueCsv(rows)]), {
      uploads: t.app.uploads,
      batchSize: 2,
    });
    expect(result).toMatchObject({ created: 7, updated: 0, unchanged: 0, failedRows: 1 });
    expect(result.failed).toEqual([{ line: 9, field: 'part_number', message: importTexts.duplicate(3) }]);
    const count = await t.database.db
      .select({ id: parts.id })
      .from(parts)
      .where(inArray(parts.partNumber, numbers));
    expect(count).toHaveLength(7);
  });
});

describe('GET /api/parts/export.csv', () => {
  it('downloads every part with neutralised formula cells, and re-imports as unchanged', async () => {
    const risky = await createPart(t.database.db, {
      name: '=HYPERLINK("http://evil.example","Click")',
      seller: '@Seller',
      description: '+1 and more',
      specifications: [{ key: 'Offset', value: '-2 mm; tight' }],
      fitment: [
        {
          make: 'Yamaha',
          model: 'MT-15',
          yearFrom: 2019,
          yearTo: 2024,
          position: 'front',
          quantity: 2,
          note: 'With | pipe',
        },
      ],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts/export.csv',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pitstop-catalogue.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);

    const records = parse(res.body, { bom: true, columns: true }) as CsvRow[];
    const total = (await t.database.db.select({ id: parts.id }).from(parts)).length;
    expect(records).toHaveLength(total);
    const exported = records.find((r) => r.part_number === risky.partNumber);
    expect(exported).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","Click")`,
      seller: "'@Seller",
      description: "'+1 and more",
      specifications: 'Offset=-2 mm\\; tight',
      fitment: 'Yamaha|MT-15|2019-2024|front|2|With \\| pipe',
    });
    // No cell in the whole file starts a formula.
    for (const r of records) {
      for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }

    const again = await importAs(admin.token, res.body);
    expect(again.json()).toEqual({
      created: 0,
      updated: 0,
      unchanged: total,
      failed: [],
      failedRows: 0,
      brandsCreated: [],
    });
  });

  it('pages through the catalogue by id, each part exactly once', async () => {
    const chunks: string[] = [];
    for await (const chunk of exportCatalogue(t.database.db, 3)) chunks.push(chunk);
    const records = parse(chunks.join(''), { bom: true, columns: true }) as CsvRow[];
    const all = await t.database.db.select({ partNumber: parts.partNumber }).from(parts);
    expect(records.map((r) => r.part_number).sort()).toEqual(all.map((p) => p.partNumber).sort());
  });
});

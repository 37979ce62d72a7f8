import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { importTexts } from '@pitstop/core/catalogue-io';
import { partNumberTexts } from '@pitstop/core/part-numbers';
import { auditLog, brands, partNumbers, parts } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUpAdmin, type Customer } from '../../test/accounts.js';
import { catalogueCsv, csvPartNumber, csvRow, type CsvRow } from '../../test/catalogue.js';
import { importCatalogue } from './service.js';

/*
 * Issue #29 in the catalogue CSV: the oem_numbers, interchange_numbers and supersedes columns
 * (fitment's escaping rules), loops of replacements refused with their line, and brands as data
 * (an unknown brand refused with its line, or created when the import is asked to).
 */
const t = useTestApp();
let admin: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Ida Importer' });
});

function multipart(text: string) {
  const boundary = `----pitstop${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importRows(rows: CsvRow[], query = '') {
  const body = multipart(catalogueCsv(rows));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/parts/import${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    created: number;
    updated: number;
    unchanged: number;
    failed: { line: number; field: string; message: string }[];
    failedRows: number;
    brandsCreated: string[];
  };
}

async function numbersOf(partNumber: string) {
  const [part] = await t.database.db
    .select({ id: parts.id })
    .from(parts)
    .where(eq(parts.partNumber, partNumber));
  if (!part) return undefined;
  return t.database.db
    .select({
      kind: partNumbers.kind,
      brand: partNumbers.brand,
      number: partNumbers.number,
      position: partNumbers.position,
    })
    .from(partNumbers)
    .where(eq(partNumbers.partId, part.id))
    .orderBy(asc(partNumbers.kind), asc(partNumbers.position));
}

async function exportedRow(partNumber: string): Promise<CsvRow | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/parts/export.csv',
    headers: bearer(admin.token),
  });
  expect(res.statusCode).toBe(200);
  const records = parse(res.body, { bom: true, columns: true }) as CsvRow[];
  return records.find((r) => r.part_number === partNumber);
}

describe('numbers in the CSV', () => {
  it('stores OEM, interchange and superseded numbers in order, exports them as written, and re-imports unchanged', async () => {
    const number = csvPartNumber('NUM');
    const row = csvRow({
      part_number: number,
      oem_numbers: 'Yamaha:B7B-F5805-00|Honda:06455-KWN-901',
      // A brand with a colon and a number with a pipe travel escaped.
      interchange_numbers: 'EBC:FA196HH|Moto\\: Works:MW\\|77',
      supersedes: '4C8-84310-00|Yamaha:5VL-84310-00',
    });
    expect(await importRows([row])).toMatchObject({ created: 1, failed: [], failedRows: 0 });
    expect(await numbersOf(number)).toEqual([
      // Positions run through the part's list (OEM, interchange, supersedes), as the form saves them.
      { kind: 'interchange', brand: 'EBC', number: 'FA196HH', position: 2 },
      { kind: 'interchange', brand: 'Moto: Works', number: 'MW|77', position: 3 },
      { kind: 'oem', brand: 'Yamaha', number: 'B7B-F5805-00', position: 0 },
      { kind: 'oem', brand: 'Honda', number: '06455-KWN-901', position: 1 },
      { kind: 'supersedes', brand: null, number: '4C8-84310-00', position: 4 },
      { kind: 'supersedes', brand: 'Yamaha', number: '5VL-84310-00', position: 5 },
    ]);

    const exported = await exportedRow(number);
    expect(exported).toMatchObject({
      oem_numbers: row.oem_numbers,
      interchange_numbers: row.interchange_numbers,
      supersedes: row.supersedes,
    });
    // The exported row re-imports as it is: nothing changes.
    expect(await importRows([exported as CsvRow])).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('replaces a part’s numbers with the file’s, as its fitment is; their order counts', async () => {
    const number = csvPartNumber('REPLACE');
    const row = csvRow({ part_number: number, oem_numbers: 'Suzuki:59100-48G00|Suzuki:59300-48G00' });
    await importRows([row]);

    const reordered = { ...row, oem_numbers: 'Suzuki:59300-48G00|Suzuki:59100-48G00' };
    expect(await importRows([reordered])).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await numbersOf(number))?.map((n) => n.number)).toEqual(['59300-48G00', '59100-48G00']);

    const replaced = { ...row, oem_numbers: '', interchange_numbers: 'K&N:HA-1009' };
    expect(await importRows([replaced])).toMatchObject({ updated: 1 });
    expect(await numbersOf(number)).toEqual([
      { kind: 'interchange', brand: 'K&N', number: 'HA-1009', position: 0 },
    ]);

    expect(await importRows([{ ...replaced, interchange_numbers: '' }])).toMatchObject({ updated: 1 });
    expect(await numbersOf(number)).toEqual([]);
  });

  it('refuses each bad entry with its line, column and entry, and lands the good rows', async () => {
    const own = csvPartNumber('OWN');
    const good = csvPartNumber('GOOD');
    const many = Array.from({ length: 51 }, (_, i) => `Yamaha:B7B-${String(i).padStart(5, '0')}-00`).join(
      '|',
    );
    const result = await importRows([
      csvRow({ part_number: csvPartNumber('NOBRAND'), oem_numbers: 'Yamaha:B7B-1|B7B-H4300-00' }), // 2
      csvRow({ part_number: csvPartNumber('EMPTYBRAND'), interchange_numbers: ':FA196HH' }), // 3
      csvRow({ part_number: csvPartNumber('NOLETTERS'), supersedes: 'Yamaha:--.--' }), // 4
      csvRow({ part_number: csvPartNumber('TWICE'), oem_numbers: 'Honda:06455-KWN-901|Honda:06455 kwn 901' }), // 5
      csvRow({ part_number: own, supersedes: own.toLowerCase() }), // 6
      csvRow({ part_number: csvPartNumber('MANY'), oem_numbers: many }), // 7
      csvRow({ part_number: csvPartNumber('LONG'), interchange_numbers: `EBC:${'A'.repeat(61)}` }), // 8
      // The same number as OEM and as interchange is two kinds, not a repeat.
      csvRow({ part_number: good, oem_numbers: 'Hero:FA196', interchange_numbers: 'EBC:FA196' }), // 9
    ]);
    expect(result).toMatchObject({ created: 1, failedRows: 7 });
    expect(result.failed).toEqual([
      { line: 2, field: 'oem_numbers', message: importTexts.numberShape(2) },
      { line: 3, field: 'interchange_numbers', message: importTexts.entry(1, partNumberTexts.brandRequired) },
      { line: 4, field: 'supersedes', message: importTexts.entry(1, partNumberTexts.numberNoLetters) },
      { line: 5, field: 'oem_numbers', message: importTexts.entry(2, partNumberTexts.duplicate) },
      { line: 6, field: 'supersedes', message: importTexts.entry(1, partNumberTexts.ownNumber) },
      { line: 7, field: 'oem_numbers', message: importTexts.tooManyEntries(50) },
      { line: 8, field: 'interchange_numbers', message: expect.stringMatching(/^Entry 1: /) },
    ]);
    expect(await numbersOf(good)).toHaveLength(2);
    expect(await numbersOf(own)).toBeUndefined();
  });
});

describe('loops of replacements', () => {
  it('refuses a row whose supersession would lead back to itself, naming the number and the line', async () => {
    const a = csvPartNumber('LOOPA');
    const b = csvPartNumber('LOOPB');
    const c = csvPartNumber('LOOPC');
    // B replaces A, C replaces B: a chain.
    expect(
      await importRows([
        csvRow({ part_number: b, supersedes: a }),
        csvRow({ part_number: c, supersedes: b }),
      ]),
    ).toMatchObject({ created: 2, failed: [] });
    // A (a new part) replacing C would close A → B → C → A.
    const result = await importRows([
      csvRow({ part_number: csvPartNumber('FINE') }),
      csvRow({ part_number: a, supersedes: `Yamaha:${c}` }),
    ]);
    expect(result).toMatchObject({ created: 1, failedRows: 1 });
    expect(result.failed).toEqual([
      { line: 3, field: 'supersedes', message: importTexts.supersessionLoop(c, 3) },
    ]);
    expect(await numbersOf(a)).toBeUndefined();
  });

  it('refuses the row that closes a loop within one file, across batches, and keeps the rest', async () => {
    const a = csvPartNumber('FILEA');
    const b = csvPartNumber('FILEB');
    const c = csvPartNumber('FILEC');
    const csv = catalogueCsv([
      csvRow({ part_number: a, supersedes: b }), // line 2
      csvRow({ part_number: csvPartNumber('PAD') }), // line 3
      csvRow({ part_number: b, supersedes: c }), // line 4
      csvRow({ part_number: c, supersedes: a }), // line 5: closes C → A → B → C
    ]);
    const result = await importCatalogue(t.database.db, Readable.from([csv]), {
      uploads: t.app.uploads,
      batchSize: 2,
    });
    expect(result).toMatchObject({ created: 3, failedRows: 1 });
    expect(result.failed).toEqual([
      { line: 5, field: 'supersedes', message: importTexts.supersessionLoop(a, 5) },
    ]);
    expect(await numbersOf(c)).toBeUndefined();
    expect((await numbersOf(b))?.map((n) => n.number)).toEqual([c]);
  });
});

describe('brands in the CSV', () => {
  it('refuses an unknown brand with its line; “create missing brands” adds it as aftermarket', async () => {
    const name = `Brake Co ${randomUUID().slice(0, 6)}`;
    const rows = [
      csvRow({ part_number: csvPartNumber('KNOWN') }), // line 2
      csvRow({ part_number: csvPartNumber('NEW1'), brand: name }), // line 3
      csvRow({ part_number: csvPartNumber('NEW2'), brand: name.toUpperCase() }), // line 4
    ];
    const refused = await importRows(rows);
    expect(refused).toMatchObject({ created: 1, failedRows: 2, brandsCreated: [] });
    expect(refused.failed).toEqual([
      { line: 3, field: 'brand', message: importTexts.unknownBrand(name, 3) },
      { line: 4, field: 'brand', message: importTexts.unknownBrand(name.toUpperCase(), 4) },
    ]);
    expect(await t.database.db.select().from(brands).where(eq(brands.name, name))).toEqual([]);

    const created = await importRows(rows, '?createMissingBrands=true');
    expect(created).toMatchObject({ created: 2, unchanged: 1, failed: [], brandsCreated: [name] });
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.name, name));
    expect(brand).toMatchObject({ kind: 'aftermarket', slug: name.toLowerCase().replaceAll(' ', '-') });
    // Both rows carry the brand as first written, whatever their case.
    const carried = await t.database.db
      .select({ brand: parts.brand })
      .from(parts)
      .where(inArray(parts.partNumber, [rows[1]!.part_number, rows[2]!.part_number]));
    expect(carried).toEqual([{ brand: name }, { brand: name }]);

    const audits = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'part.import'), eq(auditLog.actorId, admin.userId)))
      .orderBy(asc(auditLog.createdAt));
    expect(audits.at(-1)?.after).toEqual({
      created: 2,
      updated: 0,
      unchanged: 1,
      failed: 0,
      brandsCreated: 1,
    });
  });

  it('matches a known brand whatever its case, and gives a new brand whose slug is taken another', async () => {
    const number = csvPartNumber('CASE');
    expect(await importRows([csvRow({ part_number: number, brand: 'yAmAhA' })])).toMatchObject({
      created: 1,
    });
    const [part] = await t.database.db
      .select({ brand: parts.brand })
      .from(parts)
      .where(eq(parts.partNumber, number));
    expect(part?.brand).toBe('Yamaha');

    // "Honda!" is a new name whose slug (honda) Honda holds.
    const result = await importRows(
      [csvRow({ part_number: csvPartNumber('SLUG'), brand: 'Honda!' })],
      '?createMissingBrands=true',
    );
    expect(result).toMatchObject({ created: 1, brandsCreated: ['Honda!'] });
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.name, 'Honda!'));
    expect(brand?.slug).toMatch(/^honda-[0-9a-f]{6}$/);
  });

  it('refuses a flag that is not true or false', async () => {
    const body = multipart(catalogueCsv([csvRow()]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import?createMissingBrands=yes',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(res.json())).toContain('createMissingBrands');
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partNumberTexts, type PartNumberEntry } from '@pitstop/core/part-numbers';
import type { PartDetail } from '@pitstop/core/parts';
import type { Db } from '../../db/client.js';
import { auditLog, partNumbers, parts } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createPartAs, partBody } from '../../test/catalogue.js';
import { supersessionLoop } from './service.js';

/*
 * A part's other numbers through the admin's part form (POST/PUT /api/parts) and the part's
 * answer (GET /api/parts/:id): stored in the admin's order, refused with the field named, a loop
 * of replacements refused, the end of a chain answered, and a superseded part's page moved (301).
 */

/** A stand-in for the web's server bundle: any part page renders its name (see plugins/pages.test.ts). */
const RENDERER = `
export function createServerRenderer(origin, fetchApi) {
  return {
    async render(url) {
      const { pathname } = new URL(url, origin);
      const id = /^\\/parts\\/([^/]+)$/.exec(pathname)?.[1];
      const res = id ? await fetchApi('/api/parts/' + id, { method: 'GET', headers: {} }) : null;
      const text = res && res.ok ? (await res.json()).name : 'Page not found';
      return { status: res && res.ok ? 200 : 404, head: '<title>' + text + '</title>', body: '<main>' + text + '</main>', state: '{}', modules: [] };
    },
  };
}
`;

async function writeWeb(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-numbers-'));
  await fs.mkdir(path.join(root, 'dist'), { recursive: true });
  await fs.mkdir(path.join(root, 'dist-server'));
  await fs.writeFile(
    path.join(root, 'dist', 'index.html'),
    '<!doctype html><html><head><title>Pitstop</title></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
  return path.join(root, 'dist');
}

let t: TestApp;
let webDist: string;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  webDist = await writeWeb();
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  admin = await signUpAdmin(t, { name: 'Numa Admin' });
  customer = await signUp(t.app, { name: 'Cass Customer' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(path.dirname(webDist), { recursive: true, force: true });
});

const oem = (brand: string, number: string): PartNumberEntry => ({ kind: 'oem', brand, number });
const interchange = (brand: string, number: string): PartNumberEntry => ({
  kind: 'interchange',
  brand,
  number,
});
const replaces = (number: string, brand: string | null = null): PartNumberEntry => ({
  kind: 'supersedes',
  brand,
  number,
});

async function create(body: Record<string, unknown>, token = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/parts', headers: bearer(token), payload: partBody(body) });
}

const createdId = (body: Record<string, unknown>) => createPartAs(t.app, admin.token, body);

async function edit(id: string, body: Record<string, unknown>, token = admin.token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/parts/${id}`,
    headers: bearer(token),
    payload: partBody(body),
  });
}

async function detail(id: string): Promise<PartDetail> {
  const res = await t.app.inject({ method: 'GET', url: `/api/parts/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PartDetail;
}

function fieldErrors(res: { json(): unknown }): { field: string; message: string }[] {
  return (res.json() as { errors?: { field: string; message: string }[] }).errors ?? [];
}

describe('a part’s numbers on the admin form and the part’s answer', () => {
  it('stores them on create and answers OEM, then interchange, then replaced, each in the admin’s order', async () => {
    const id = await createdId({
      partNumber: 'PN-ORDER-1',
      numbers: [
        replaces('4C8-84310-00'),
        oem('Yamaha', 'B7B-H4300-00'),
        interchange('EBC', 'FA174'),
        oem('Yamaha', '1WD-W0045-00'),
        interchange('Vesrah', 'VD-156'),
      ],
    });
    const part = await detail(id);
    expect(part.numbers).toEqual([
      { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' },
      { kind: 'oem', brand: 'Yamaha', number: '1WD-W0045-00' },
      { kind: 'interchange', brand: 'EBC', number: 'FA174' },
      { kind: 'interchange', brand: 'Vesrah', number: 'VD-156' },
      { kind: 'supersedes', brand: null, number: '4C8-84310-00' },
    ]);
    expect(part.supersededBy).toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'part.create'), eq(auditLog.recordId, id)));
    expect((audit[0]?.after as { numbers: unknown[] }).numbers).toHaveLength(5);
  });

  it('a part without numbers answers an empty list (numbers may be left out)', async () => {
    const id = await createdId({ partNumber: 'PN-NONE-1' });
    expect((await detail(id)).numbers).toEqual([]);
  });

  it('an edit replaces the numbers, answers them, and is audited before and after', async () => {
    const id = await createdId({ partNumber: 'PN-EDIT-1', numbers: [oem('Honda', '06455-KPP-901')] });
    const res = await edit(id, {
      partNumber: 'PN-EDIT-1',
      numbers: [interchange('EBC', 'FA-196'), oem('Honda', '06455-KVS-J01')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PartDetail).numbers).toEqual([
      { kind: 'oem', brand: 'Honda', number: '06455-KVS-J01' },
      { kind: 'interchange', brand: 'EBC', number: 'FA-196' },
    ]);
    expect((await detail(id)).numbers.map((n) => n.number)).toEqual(['06455-KVS-J01', 'FA-196']);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'part.update'), eq(auditLog.recordId, id)))
      .orderBy(desc(auditLog.createdAt));
    expect((row?.before as { numbers: unknown }).numbers).toEqual([
      { kind: 'oem', brand: 'Honda', number: '06455-KPP-901' },
    ]);
    expect((row?.after as { numbers: unknown }).numbers).toEqual([
      { kind: 'oem', brand: 'Honda', number: '06455-KVS-J01' },
      { kind: 'interchange', brand: 'EBC', number: 'FA-196' },
    ]);

    const cleared = await edit(id, { partNumber: 'PN-EDIT-1', numbers: [] });
    expect((cleared.json() as PartDetail).numbers).toEqual([]);
  });

  it.each([
    [
      'the same number twice within a kind (dashes and case aside)',
      [oem('Honda', 'AB-123'), oem('Yamaha', 'ab 123')],
      'numbers.1.number',
      partNumberTexts.duplicate,
    ],
    [
      'the part’s own number',
      [interchange('EBC', 'pn refuse 1')],
      'numbers.0.number',
      partNumberTexts.ownNumber,
    ],
    [
      'an OEM number without its maker',
      [{ kind: 'oem', brand: null, number: 'X-1' }],
      'numbers.0.brand',
      partNumberTexts.brandRequired,
    ],
    [
      'a number without a letter or digit',
      [replaces('--.')],
      'numbers.0.number',
      partNumberTexts.numberNoLetters,
    ],
    ['an empty number', [replaces('  ')], 'numbers.0.number', partNumberTexts.numberRequired],
    ['an unknown kind', [{ kind: 'alias', brand: 'X', number: 'X-1' }], 'numbers.0.kind', undefined],
    [
      'more than 50',
      Array.from({ length: 51 }, (_, i) => oem('Honda', `N-${i}`)),
      'numbers',
      partNumberTexts.tooMany,
    ],
  ])('refuses %s with a 400 naming the field, on create and on edit', async (_, numbers, field, message) => {
    const body = { partNumber: 'PN-REFUSE-1', numbers };
    const created = await create(body);
    expect(created.statusCode).toBe(400);
    const errors = fieldErrors(created);
    expect(errors.map((e) => e.field)).toContain(field);
    if (message) expect(errors.find((e) => e.field === field)?.message).toBe(message);
    expect(await t.database.db.select().from(parts).where(eq(parts.partNumber, 'PN-REFUSE-1'))).toEqual([]);

    const id = await createdId({ partNumber: 'PN-REFUSE-1' });
    const edited = await edit(id, body);
    expect(edited.statusCode).toBe(400);
    expect(fieldErrors(edited).map((e) => e.field)).toContain(field);
    expect((await detail(id)).numbers).toEqual([]);
    await t.database.db.delete(parts).where(eq(parts.id, id));
  });

  it('the same number under two kinds is allowed (an OEM number that is also an old one)', async () => {
    const id = await createdId({
      partNumber: 'PN-TWOKINDS-1',
      numbers: [oem('Suzuki', '59300-10G00'), replaces('59300-10G00')],
    });
    expect((await detail(id)).numbers).toHaveLength(2);
  });

  it('only admins write numbers: anonymous 401, a customer 403, nothing changed', async () => {
    const body = { partNumber: 'PN-ROLE-1', numbers: [oem('Honda', 'ROLE-1')] };
    expect((await create(body, customer.token)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/parts', payload: partBody(body) });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.select().from(parts).where(eq(parts.partNumber, 'PN-ROLE-1'))).toEqual([]);

    const id = await createdId({ partNumber: 'PN-ROLE-2', numbers: [oem('Honda', 'ROLE-2')] });
    const res = await edit(id, { partNumber: 'PN-ROLE-2', numbers: [] }, customer.token);
    expect(res.statusCode).toBe(403);
    expect((await detail(id)).numbers).toEqual([{ kind: 'oem', brand: 'Honda', number: 'ROLE-2' }]);
  });
});

describe('supersessions', () => {
  let a: string;
  let b: string;
  let c: string;

  beforeAll(async () => {
    // B replaces A, C replaces B: A → B → C.
    a = await createdId({ name: 'Old Brake Lever', partNumber: 'CH-A-100' });
    b = await createdId({
      name: 'Middle Brake Lever',
      partNumber: 'CH-B-200',
      numbers: [replaces('ch a 100')],
    });
    c = await createdId({
      name: 'New Brake Lever',
      partNumber: 'CH-C-300',
      numbers: [replaces('CH-B-200', 'Honda')],
    });
  });

  it('a superseded part answers the end of its chain; the end answers none', async () => {
    const end = { _id: c, name: 'New Brake Lever', partNumber: 'CH-C-300' };
    expect((await detail(a)).supersededBy).toEqual(end);
    expect((await detail(b)).supersededBy).toEqual(end);
    expect((await detail(c)).supersededBy).toBeNull();
  });

  it('refuses a loop on edit (C → A while A → B → C), naming the number, and keeps the numbers', async () => {
    const res = await edit(a, {
      name: 'Old Brake Lever',
      partNumber: 'CH-A-100',
      numbers: [oem('Honda', 'LOOP-OK'), replaces('CH-C-300')],
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fieldErrors(res)).toEqual([
      { field: 'numbers.1.number', message: partNumberTexts.cycle('CH-C-300') },
    ]);
    expect((await detail(a)).numbers).toEqual([]);
  });

  it('refuses a two-part loop (B replaces A, A replaces B)', async () => {
    const res = await edit(a, {
      name: 'Old Brake Lever',
      partNumber: 'CH-A-100',
      numbers: [replaces('ch-b-200')],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[0]).toEqual({
      field: 'numbers.0.number',
      message: partNumberTexts.cycle('ch-b-200'),
    });
  });

  it('refuses a loop made by a new part, and creates nothing', async () => {
    // E replaces "LOOP-NEW-1", a number no part carries yet; a new part with that number replacing E loops.
    await createdId({ partNumber: 'LOOP-E-1', numbers: [replaces('LOOP-NEW-1')] });
    const res = await create({ partNumber: 'LOOP-NEW-1', numbers: [replaces('LOOP-E-1')] });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[0]?.field).toBe('numbers.0.number');
    expect(await t.database.db.select().from(parts).where(eq(parts.partNumber, 'LOOP-NEW-1'))).toEqual([]);
  });

  it('refuses a loop closed by changing the part’s own number', async () => {
    // F replaces "LOOP-G-NEW"; G replaces F. Renaming G to LOOP-G-NEW closes F → G → F.
    const f = await createdId({ partNumber: 'LOOP-F-1', numbers: [replaces('LOOP-G-NEW')] });
    const g = await createdId({ partNumber: 'LOOP-G-1', numbers: [replaces('LOOP-F-1')] });
    const res = await edit(g, { partNumber: 'LOOP-G-NEW', numbers: [replaces('LOOP-F-1')] });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[0]?.field).toBe('numbers.0.number');
    expect((await detail(g)).partNumber).toBe('LOOP-G-1');
    expect((await detail(f)).supersededBy).toMatchObject({ _id: g });
  });

  it('the superseded part’s page moves (301) to the end of its chain, query kept; the end renders', async () => {
    const moved = await t.app.inject({ method: 'GET', url: `/parts/${a}?ref=old` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/parts/${c}?ref=old`);
    // Kept like a page, and still moved when answered from memory.
    const again = await t.app.inject({ method: 'GET', url: `/parts/${b}` });
    expect(again.statusCode).toBe(301);
    expect(again.headers.location).toBe(`/parts/${c}`);
    expect((await t.app.inject({ method: 'GET', url: `/parts/${b}` })).headers.location).toBe(`/parts/${c}`);
    const end = await t.app.inject({ method: 'GET', url: `/parts/${c}` });
    expect(end.statusCode).toBe(200);
    expect(end.body).toContain('<main>New Brake Lever</main>');
  });

  it('a page moved stops moving when its replacement stops replacing it (an edit drops the kept 301)', async () => {
    const old = await createdId({ name: 'Old Mirror', partNumber: 'MV-OLD-1' });
    const next = await createdId({
      name: 'New Mirror',
      partNumber: 'MV-NEW-1',
      numbers: [replaces('MV-OLD-1')],
    });
    expect((await t.app.inject({ method: 'GET', url: `/parts/${old}` })).statusCode).toBe(301);
    expect((await edit(next, { name: 'New Mirror', partNumber: 'MV-NEW-1', numbers: [] })).statusCode).toBe(
      200,
    );
    const page = await t.app.inject({ method: 'GET', url: `/parts/${old}` });
    expect(page.statusCode).toBe(200);
    expect((await detail(old)).supersededBy).toBeNull();
  });
});

describe('supersessionLoop (what the CSV import asks after its bulk insert)', () => {
  it('finds the first loop among many parts at once, or none', async () => {
    const db = t.database.db;
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createPart(db, { partNumber: `BULK-${i}` })),
    );
    const ids = rows.map((r) => r.id);
    // A chain through every part: BULK-i+1 replaces BULK-i. No loop.
    await db
      .insert(partNumbers)
      .values(
        rows
          .slice(1)
          .map((r, i) => ({ partId: r.id, kind: 'supersedes' as const, number: `bulk-${i}`, position: 0 })),
      );
    expect(await supersessionLoop(db, ids)).toBeNull();
    // BULK-0 replaces BULK-29: a loop through all thirty, found inside a transaction that is then undone.
    await expect(
      db.transaction(async (tx) => {
        await tx
          .insert(partNumbers)
          .values({ partId: ids[0]!, kind: 'supersedes', number: 'BULK 29', position: 3 });
        const loop = await supersessionLoop(tx as unknown as Db, ids);
        expect(loop).toEqual({
          partId: expect.any(String),
          number: expect.any(String),
          position: expect.any(Number),
        });
        expect(ids).toContain(loop!.partId);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await supersessionLoop(db, ids)).toBeNull();
    expect(await supersessionLoop(db, [])).toBeNull();
  });
});

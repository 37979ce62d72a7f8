import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '@pitstop/core/audit';
import type { Order } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import { auditLog, parts, type AuditRow } from '../../db/schema.js';
import { createPart } from '../../seed/factories.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { catalogueCsv, csvRow, partBody } from '../../test/catalogue.js';
import { checkoutCart, orderOf, placePaidOrder } from '../../test/orders.js';
import { updatePartFromInput } from '../parts/service.js';

const UPS = '1Z999AA10123456784';
const t = useTestApp();
let admin: Customer;
let adminName: string;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Sam Admin' });
  adminName = `Sam Admin <${admin.email}>`;
});

/** The audit rows of this action (and record), oldest first, straight from the table. */
async function rowsOf(action: string, recordId?: string): Promise<AuditRow[]> {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), recordId ? eq(auditLog.recordId, recordId) : undefined))
    .orderBy(asc(auditLog.createdAt));
}

async function onlyRow(action: string, recordId?: string): Promise<AuditRow> {
  const rows = await rowsOf(action, recordId);
  expect(rows).toHaveLength(1);
  return rows[0] as AuditRow;
}

const as = (
  who: Customer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'x-request-id': `req-${randomUUID().slice(0, 8)}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

function multipart(text: string) {
  const boundary = `----pitstop${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('parts', () => {
  it('a price and stock edit writes who, what, which part, before → after, request id and address', async () => {
    const body = partBody({ price: 49.5, stock: 40, availablequantity: 10 });
    const created = await as(admin, 'POST', '/api/parts', body);
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { insertedId: string }).insertedId;
    const createdRow = await onlyRow('part.create', id);
    expect(createdRow.before).toBeNull();
    expect(createdRow.after).toMatchObject({
      name: body.name,
      price: 49.5,
      stock: 40,
      partNumber: body.partNumber,
    });

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: { ...bearer(admin.token), 'x-request-id': 'edit-price-1' },
      payload: { ...body, price: 54.25, stock: 12 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const row = await onlyRow('part.update', id);
    expect(row).toMatchObject({
      actorId: admin.userId,
      actorName: adminName,
      recordType: 'part',
      requestId: 'edit-price-1',
      ip: '127.0.0.1',
    });
    // Only what changed, plus the part number and name that say which part it was.
    expect(row.before).toEqual({ price: 49.5, stock: 40, partNumber: body.partNumber, name: body.name });
    expect(row.after).toEqual({ price: 54.25, stock: 12, partNumber: body.partNumber, name: body.name });
    expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect((await as(admin, 'DELETE', `/api/parts/${id}`)).statusCode).toBe(200);
    expect((await onlyRow('part.delete', id)).before).toMatchObject({ price: 54.25, stock: 12 });
  });

  it('a change that rolls back leaves no audit row: the row is written in the change’s transaction', async () => {
    const part = await createPart(t.database.db, { priceCents: 1000, stock: 5 });
    const input = { ...partBody({ partNumber: part.partNumber }), price: 99, stock: 1, numbers: [] };
    const context = { actorId: admin.userId, actorName: adminName, requestId: 'rolled-back', ip: null };
    await expect(
      t.database.db.transaction(async (tx) => {
        await updatePartFromInput(tx as unknown as Db, part.id, input as never, context);
        // The edit and its row were written; now whatever the change belongs to fails.
        const written = await tx.select().from(auditLog).where(eq(auditLog.requestId, 'rolled-back'));
        expect(written).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsOf('part.update', part.id)).toEqual([]);
    const [still] = await t.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(still?.priceCents).toBe(1000);

    // Refused before any write (another part's number): no row either.
    const other = await createPart(t.database.db);
    const refused = await as(
      admin,
      'PUT',
      `/api/parts/${part.id}`,
      partBody({ partNumber: other.partNumber }),
    );
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf('part.update', part.id)).toEqual([]);
  });

  it('a CSV import writes one row with its counts', async () => {
    const existing = await createPart(t.database.db);
    const csv = catalogueCsv([
      csvRow(),
      csvRow({ part_number: existing.partNumber, name: 'Renamed by the import' }),
      csvRow({ price: 'cheap' }),
    ]);
    const body = multipart(csv);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts/import',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await onlyRow('part.import');
    expect(row).toMatchObject({ actorId: admin.userId, recordType: 'catalogue' });
    expect(row.after).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 1 });
  });
});

describe('users', () => {
  it('make admin, add and delete a user each write their row; making an admin again writes none', async () => {
    const rider = await signUp(t.app);
    expect((await as(admin, 'PUT', `/api/user/admin/${rider.email}`)).statusCode).toBe(200);
    const promoted = await onlyRow('user.make_admin', rider.userId);
    expect(promoted.before).toEqual({ role: 'user', email: rider.email });
    expect(promoted.after).toEqual({ role: 'admin', email: rider.email });
    expect((await as(admin, 'PUT', `/api/user/admin/${rider.email}`)).statusCode).toBe(200);
    expect(await rowsOf('user.make_admin', rider.userId)).toHaveLength(1);

    const email = `added${randomUUID().slice(0, 8)}@example.com`;
    // A picture already in the upload folder, as the add-user form uploads it first.
    const img = `/uploads/${'c'.repeat(64)}.webp`;
    await fs.mkdir(path.join(t.app.config.dataDir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(t.app.config.dataDir, img), 'x');
    const added = await as(admin, 'POST', '/api/users', {
      name: 'Nia New',
      email,
      occupation: 'Job Holder',
      img,
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json() as { insertedId: string }).insertedId;
    expect((await onlyRow('user.create', id)).after).toEqual({
      name: 'Nia New',
      email,
      occupation: 'Job Holder',
      role: 'user',
    });
    // The welcome mail is a reset request, made by the admin.
    expect(await onlyRow('auth.password_reset_requested', id)).toMatchObject({ actorId: admin.userId });

    expect((await as(admin, 'DELETE', `/api/user/${id}`)).statusCode).toBe(200);
    const deleted = await onlyRow('user.delete', id);
    expect(deleted.before).toMatchObject({ email, role: 'user' });
    expect(JSON.stringify(deleted)).not.toMatch(/password|token/i);

    // Refused (yourself): no row.
    expect((await as(admin, 'DELETE', `/api/user/${admin.userId}`)).statusCode).toBe(409);
    expect(await rowsOf('user.delete', admin.userId)).toEqual([]);
  });
});

describe('orders, returns and credit', () => {
  async function paidOrder(who: Customer): Promise<Order> {
    const part = await createPart(t.database.db, { priceCents: 2000, availablequantity: 20 });
    return placePaidOrder(t.app, who, [{ partId: part.id, quantity: 2 }]);
  }

  it('ship, deliver, return approve/decline/receive and cancel-with-refund each write their row', async () => {
    const rider = await signUp(t.app);
    const order = await paidOrder(rider);
    const shipped = await as(admin, 'POST', `/api/orders/${order.orderNumber}/shipments`, {
      carrier: 'ups',
      trackingNumber: UPS,
    });
    expect(shipped.statusCode).toBe(200);
    const ship = await onlyRow('order.ship', order.orderNumber);
    // A field the record did not have before reads null on the before side.
    expect(ship.before).toEqual({ status: 'paid', shipment: null, units: null });
    expect(ship.after).toMatchObject({ status: 'shipped', shipment: `UPS ${UPS}` });

    // Delivered through the admin's status change (PATCH), as the All Orders screen does it.
    expect(
      (await as(admin, 'PATCH', `/api/order/${order._id}/status`, { status: 'delivered' })).statusCode,
    ).toBe(200);
    expect((await onlyRow('order.deliver', order.orderNumber)).after).toEqual({ status: 'delivered' });

    const line = order.lines[0]?.lineId;
    const ask = () =>
      as(rider, 'POST', `/api/orders/${order.orderNumber}/returns`, {
        lines: [{ lineId: line, quantity: 1 }],
        reason: 'wrong_part',
        note: '',
        photos: [],
      });
    const first = (await ask()).json() as { id: string; label: string };
    expect(
      (await as(admin, 'POST', `/api/returns/${first.id}/decline`, { reason: 'Used parts' })).statusCode,
    ).toBe(200);
    expect((await onlyRow('return.decline', first.label)).after).toEqual({
      status: 'declined',
      reason: 'Used parts',
    });
    const second = (await ask()).json() as { id: string; label: string };
    expect((await as(admin, 'POST', `/api/returns/${second.id}/approve`)).statusCode).toBe(200);
    expect(await onlyRow('return.approve', second.label)).toMatchObject({ actorId: admin.userId });
    expect((await as(admin, 'POST', `/api/returns/${second.id}/receive`, { restock: true })).statusCode).toBe(
      200,
    );
    const received = await onlyRow('return.receive', second.label);
    expect(received.after).toMatchObject({
      status: 'refunded',
      restocked: true,
      refundCents: 2000,
      method: 'card',
    });

    // An admin's cancel of a paid order refunds it; a shipped one is refused and writes nothing.
    expect((await as(admin, 'POST', `/api/order/${order._id}/cancel`)).statusCode).toBe(409);
    expect(await rowsOf('order.cancel', order.orderNumber)).toEqual([]);
    const other = await paidOrder(rider);
    expect((await as(admin, 'POST', `/api/order/${other._id}/cancel`)).statusCode).toBe(200);
    const cancel = await onlyRow('order.cancel', other.orderNumber);
    expect(cancel.before).toEqual({ status: 'paid', refundedCents: 0, refundId: null });
    expect(cancel.after).toMatchObject({ status: 'cancelled', refundedCents: Math.round(other.total * 100) });
    expect((cancel.after as { refundId?: string }).refundId).toMatch(/\S/);
  });

  it('credit approve and decline, and marking an on-account order paid, each write their row', async () => {
    const application = (who: Customer, businessName: string) =>
      as(who, 'POST', '/api/credit-applications', {
        businessName,
        contactName: 'Dana Fleet',
        email: who.email,
        phone: '(415) 555-0199',
        ein: '12-3456789',
        yearsInBusiness: 6,
        requestedLimit: 5000,
      });
    const fleet = await signUp(t.app);
    const applied = (await application(fleet, 'Rapid Couriers LLC')).json() as { id: string };
    const approve = await as(admin, 'PATCH', `/api/credit-applications/${applied.id}`, {
      status: 'approved',
      limit: 3000,
    });
    expect(approve.statusCode).toBe(200);
    const approved = await onlyRow('credit.approve', applied.id);
    expect(approved.before).toEqual({ status: 'pending', limit: null, business: 'Rapid Couriers LLC' });
    expect(approved.after).toEqual({ status: 'approved', limit: 3000, business: 'Rapid Couriers LLC' });

    const other = await signUp(t.app);
    const declinedApp = (await application(other, 'Slow Vans Inc')).json() as { id: string };
    await as(admin, 'PATCH', `/api/credit-applications/${declinedApp.id}`, { status: 'declined' });
    expect((await onlyRow('credit.decline', declinedApp.id)).after).toMatchObject({ status: 'declined' });

    const part = await createPart(t.database.db, { priceCents: 1500, availablequantity: 10 });
    const orderId = await checkoutCart(
      t.app,
      fleet,
      [{ partId: part.id, quantity: 1 }],
      undefined,
      'account',
    );
    const order = await orderOf(t.app, fleet, orderId);
    expect((await as(admin, 'POST', `/api/order/${orderId}/paid`)).statusCode).toBe(200);
    const paid = await onlyRow('order.mark_paid', order.orderNumber);
    expect(paid.before).toEqual({ paid: false, status: 'on_account' });
    expect(paid.after).toEqual({ paid: true, status: 'paid' });
    // Again: no change, no row.
    await as(admin, 'POST', `/api/order/${orderId}/paid`);
    expect(await rowsOf('order.mark_paid', order.orderNumber)).toHaveLength(1);

    // An admin deletes (hides) an unpaid order: recorded; a customer hiding their own is not.
    const unpaid = await checkoutCart(t.app, fleet, [{ partId: part.id, quantity: 1 }]);
    const unpaidNumber = (await orderOf(t.app, fleet, unpaid)).orderNumber;
    expect((await as(admin, 'DELETE', `/api/order/${unpaid}`)).statusCode).toBe(200);
    expect((await onlyRow('order.delete', unpaidNumber)).after).toEqual({
      status: 'cancelled',
      deleted: true,
    });
    const own = await checkoutCart(t.app, fleet, [{ partId: part.id, quantity: 1 }]);
    const ownNumber = (await orderOf(t.app, fleet, own)).orderNumber;
    expect((await as(fleet, 'DELETE', `/api/order/${own}`)).statusCode).toBe(200);
    expect(await rowsOf('order.delete', ownNumber)).toEqual([]);
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [row] = await t.database.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    const id = row?.id as string;
    await expect(
      t.database.db.update(auditLog).set({ actorName: 'Someone else' }).where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(still).toEqual(row);
  });

  it('no route edits or deletes it', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      expect((await as(admin, method, '/api/admin/activity')).statusCode).toBe(404);
    }
  });
});

describe('GET /api/admin/activity', () => {
  const list = async (query: string, who: Customer = admin) => {
    const res = await as(who, 'GET', `/api/admin/activity${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ActivityPage;
  };

  it('answers 401 signed out and 403 to customers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
    const rider = await signUp(t.app);
    expect((await as(rider, 'GET', '/api/admin/activity')).statusCode).toBe(403);
  });

  it('pages newest first by keyset, and filters by actor, action, record and time', async () => {
    const other = await signUpAdmin(t, { name: 'Pat Other' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await as(i % 2 ? other : admin, 'POST', '/api/parts', partBody());
      made.push((res.json() as { insertedId: string }).insertedId);
    }
    const page1 = await list('?action=part.create&limit=2');
    const page2 = await list(`?action=part.create&limit=2&before=${page1.next}`);
    expect(page1.items.map((i) => i.recordId)).toEqual([made[4], made[3]]);
    expect(page2.items.map((i) => i.recordId)).toEqual([made[2], made[1]]);
    // Walking every page sees every row once, newest first.
    const seen: string[] = [];
    let next: string | null = '';
    while (next !== null) {
      const page = await list(`?action=part.create&limit=3${next ? `&before=${next}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      next = page.next;
    }
    const all = await rowsOf('part.create');
    expect(seen).toEqual(all.map((r) => r.id).reverse());

    const byName = await list('?actor=pat%20oth&action=part.create');
    expect(byName.items.map((i) => i.recordId)).toEqual([made[3], made[1]]);
    expect(byName.items[0]).toMatchObject({ actorName: `Pat Other <${other.email}>`, action: 'part.create' });
    const byId = await list(`?actor=${other.userId}`);
    expect(byId.items.every((i) => i.actorId === other.userId)).toBe(true);
    expect(byId.items).toHaveLength(2);
    // LIKE's own characters are taken literally.
    expect((await list('?actor=%25')).items).toEqual([]);

    const one = await list(`?recordType=part&recordId=${made[2]}`);
    expect(one.items.map((i) => i.action)).toEqual(['part.create']);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(`?from=${encodeURIComponent(future)}`)).items).toEqual([]);
    const recent = await list(
      `?action=part.create&from=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}&to=${encodeURIComponent(future)}`,
    );
    expect(recent.items.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses a bad filter or cursor with 400', async () => {
    for (const query of [
      '?action=part.explode',
      '?before=not%20a%20cursor',
      '?before=Zm9vfGJhcg',
      '?actor=a%00b',
    ]) {
      expect((await as(admin, 'GET', `/api/admin/activity${query}`)).statusCode).toBe(400);
    }
  });
});

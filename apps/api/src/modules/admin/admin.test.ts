import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import type { Order } from '@pitstop/core/orders';
import { createPart } from '../../seed/factories.js';
import { orderLines, orders, parts, users } from '../../db/schema.js';
import { captureMailer, useTestApp } from '../../test/app.js';
import { bearer, makeAdmin, signIn, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { partBody } from '../../test/catalogue.js';
import { orderPart } from '../../test/orders.js';

const mail = captureMailer();
const t = useTestApp({ mailer: mail });
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  admin = await signUpAdmin(t, { name: 'Ada Admin' });
  customer = await signUp(t.app, { name: 'Cass Customer' });
});

const validPart = partBody({ partNumber: 'ADM-TEST-1' });

describe('every admin endpoint refuses anonymous callers (401) and customers (403), changing nothing', () => {
  const someId = '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab';
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/user'],
    ['PUT', '/api/user/admin/someone@example.com'],
    ['DELETE', '/api/user/some-user-id'],
    [
      'POST',
      '/api/users',
      { name: 'X', email: 'x@example.com', occupation: 'Student', img: `/uploads/${'a'.repeat(64)}.webp` },
    ],
    ['GET', '/api/order'],
    ['PATCH', `/api/order/${someId}/status`, { status: 'shipped' }],
    ['POST', '/api/orders/PS-10001/shipments', { carrier: 'ups', trackingNumber: '1Z999AA10123456784' }],
    ['POST', '/api/orders/PS-10001/delivered'],
    ['POST', '/api/parts', validPart],
    ['PUT', `/api/parts/${someId}`, validPart],
    ['DELETE', `/api/parts/${someId}`],
  ];
  it.each(calls)('%s %s', async (method, url, payload) => {
    const anonymous = await t.app.inject({
      method: method as 'GET',
      url,
      ...(payload ? { payload: payload as object } : {}),
    });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(customer.token),
      ...(payload ? { payload: payload as object } : {}),
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().detail).toBe(messages.forbidden);
  });

  it('and the customer is still a customer', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row?.role).toBe('user');
  });
});

describe('users', () => {
  it('lists users without secrets; Make Admin answers modifiedCount', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin.token) });
    expect(list.statusCode).toBe(200);
    const body = list.json() as Record<string, unknown>[];
    expect(body.some((u) => u.email === customer.email)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/password|token/i);

    const target = await signUp(t.app);
    const made = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${target.email}`,
      headers: bearer(admin.token),
    });
    expect(made.json()).toEqual({ modifiedCount: 1 });
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/user/admin/${target.email}`,
      headers: bearer(admin.token),
    });
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('refuses deleting yourself and the last admin; a deleted customer’s orders stay', async () => {
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${admin.userId}`,
      headers: bearer(admin.token),
    });
    expect(self.statusCode).toBe(409);

    const part = await createPart(t.database.db);
    const leaving = await signUp(t.app);
    const orderId = await orderPart(t.app, leaving, part.id);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${leaving.userId}`,
      headers: bearer(admin.token),
    });
    expect(gone.json()).toEqual({ deletedCount: 1 });
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(kept).toMatchObject({ email: leaving.email, userId: null });
    expect((await signIn(t.app, leaving.email, leaving.password)).statusCode).toBe(401);

    // Demote every other admin, then the last one cannot be deleted by another admin either.
    const other = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    await makeAdmin(t.database.db, admin);
    await makeAdmin(t.database.db, other);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/user/${other.userId}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    const second = await signUp(t.app);
    await makeAdmin(t.database.db, second);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.userId));
    const last = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${second.userId}`,
      headers: bearer(second.token),
    });
    expect(last.statusCode).toBe(409);
    await makeAdmin(t.database.db, admin);
  });

  it('adds a user who is mailed a link to set their password', async () => {
    const img = `/uploads/${'b'.repeat(64)}.webp`;
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    await fs.mkdir(path.join(t.app.config.dataDir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(t.app.config.dataDir, img), 'x');
    const email = 'newcomer@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin.token),
      payload: { name: 'New Comer', email, occupation: 'Job Holder', img },
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(mail.last(email).subject).toMatch(/account is ready/);
    const link = new URL(mail.link(email));
    const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(String(follow.headers.location)).searchParams.get('token');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: 'http://localhost:3000' },
      payload: { newPassword: 'chosen-pass', token },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(t.app, email, 'chosen-pass')).statusCode).toBe(200);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin.token),
      payload: { name: 'Again', email, occupation: 'Student', img },
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('orders', () => {
  async function paidOrder(): Promise<string> {
    const part = await createPart(t.database.db);
    const me = await signUp(t.app);
    return orderPart(t.app, me, part.id);
  }
  const advance = (id: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/${id}/status`,
      headers: bearer(admin.token),
      payload: { status },
    });

  it('ships a paid order with a carrier and tracking number (mailing the customer), then delivers it; never backwards', async () => {
    const id = await paidOrder();
    const [placed] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, id));
    const ship = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/PS-${placed?.number}/shipments`,
        headers: bearer(admin.token),
        payload: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      });
    expect((await ship()).statusCode).toBe(409);
    await t.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), transactionId: 'pi_x' })
      .where(eq(orders.id, id));
    // The spec's status route no longer ships blind: a parcel needs its carrier and tracking number.
    expect((await advance(id, 'shipped')).statusCode).toBe(400);
    const shipped = await ship();
    expect(shipped.json()).toMatchObject({ status: 'shipped' });
    expect(shipped.json().shippedAt).toBeTruthy();
    await t.app.jobs.runDue();
    const sent = mail.last(shipped.json().email);
    expect(sent.subject).toMatch(/has shipped/);
    // The mail lists what is in the parcel, line by line, and the carrier's tracking link.
    const [line] = shipped.json().lines;
    expect(sent.text).toContain(`${line.quantity} × ${line.name}`);
    expect(sent.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect((await ship()).statusCode).toBe(409);
    expect((await advance(id, 'delivered')).json()).toMatchObject({ status: 'delivered' });
    expect((await advance(id, 'paid')).statusCode).toBe(400);
  });

  it('filters by status, searches by email and pages, with the total', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/order?limit=2',
      headers: bearer(admin.token),
    });
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(first.json()).toHaveLength(2);
    const unpaid = (
      await t.app.inject({
        method: 'GET',
        url: '/api/order?status=unpaid&limit=100',
        headers: bearer(admin.token),
      })
    ).json() as Order[];
    expect(unpaid.every((o) => o.status === 'unpaid')).toBe(true);
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: `/api/order?email=${encodeURIComponent(unpaid[0]!.email)}`,
        headers: bearer(admin.token),
      })
    ).json() as Order[];
    expect(mine.every((o) => o.email === unpaid[0]!.email)).toBe(true);
  });

  it('an admin may delete any order', async () => {
    const id = await paidOrder();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${id}`,
      headers: bearer(admin.token),
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
  });
});

describe('catalogue management', () => {
  it('creates, edits and deletes a part; orders keep their copy', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: validPart,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().insertedId;
    const shown = (await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json();
    expect(shown).toMatchObject({
      name: validPart.name,
      price: 49.5,
      fitment: validPart.fitment,
      specifications: validPart.specifications,
    });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: bearer(admin.token),
      payload: { ...validPart, price: 45, fitment: [] },
    });
    expect(edited.json()).toMatchObject({ price: 45, fitment: [] });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).json().price).toBe(45);

    const orderId = await orderPart(t.app, customer, id, { quantity: 2 });
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/parts/${id}`, headers: bearer(admin.token) })
      ).json(),
    ).toEqual({ deletedCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/parts/${id}` })).statusCode).toBe(404);
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ partName: validPart.name, unitPriceCents: 4500, partId: null });
  });

  it('cannot give a part a rating: a sent one is ignored, the part has none until reviewed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: { ...validPart, partNumber: 'ADM-RATED-1', ratings: 4.9 },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().insertedId;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: bearer(admin.token),
      payload: { ...validPart, partNumber: 'ADM-RATED-1', ratings: 5 },
    });
    expect(edited.json()).toMatchObject({ ratings: 0, reviewCount: 0 });
  });

  it.each([
    [{ price: -1 }, 'price'],
    [{ price: 'abc' }, 'price'],
    [{ stock: -5, availablequantity: 0 }, 'stock'],
    [{ availablequantity: -1 }, 'availablequantity'],
    [{ minquantity: 31 }, 'minquantity'],
    [{ availablequantity: 50 }, 'availablequantity'],
    [{ brand: 'Ducati' }, 'brand'],
    [{ fitment: [{ make: 'Honda', model: 'X', yearFrom: 2024, yearTo: 2020 }] }, 'fitment.0.yearTo'],
  ])('rejects %o', async (overrides, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: { ...validPart, partNumber: `BAD-${Math.random()}`, ...overrides },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { field: string }[]).map((e) => e.field)).toContain(field);
    const [row] = await t.database.db.select().from(parts).where(eq(parts.name, 'nope'));
    expect(row).toBeUndefined();
  });

  it('refuses a duplicate part number with 409', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: { ...validPart, partNumber: 'DUP-1' },
    });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: bearer(admin.token),
      payload: { ...validPart, partNumber: 'DUP-1' },
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('dashboard', () => {
  it('a customer sees their own summary only; an admin also sees counts, low stock and revenue', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(customer.token),
    });
    expect(mine.json().admin).toBeNull();
    expect(mine.json().mine.total).toBeGreaterThanOrEqual(1);
    const low = await createPart(t.database.db, {
      name: 'Nearly Gone Mirror',
      availablequantity: 3,
      stock: 3,
    });
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) })
    ).json();
    expect(theirs.admin.counts).toEqual(
      expect.objectContaining({ unpaid: expect.any(Number), paid: expect.any(Number) }),
    );
    expect(theirs.admin.lowStock.map((p: { _id: string }) => p._id)).toContain(low.id);
    expect(typeof theirs.admin.revenueThisMonth).toBe('number');
  });
});

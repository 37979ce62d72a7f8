import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@pitstop/core/admin';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import type { Order } from '@pitstop/core/orders';
import { createPart } from '../../seed/factories.js';
import { orders, type PartRow } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signUp, signUpAdmin, type Customer } from '../../test/accounts.js';
import { placeUnpaidOrder } from '../../test/orders.js';

const t = useTestApp();
let rider: Customer;
let admin: Customer;
let part: PartRow;

/** An order through the cart and the checkout, left unpaid. */
const placeOrder = (who: Customer): Promise<Order> =>
  placeUnpaidOrder(t.app, who, [{ partId: part.id, quantity: 1 }]);

const allOrders = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/order?${query}`, headers: bearer(admin.token) });

async function toShip(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as Dashboard).admin?.counts.toShip ?? -1;
}

beforeAll(async () => {
  rider = await signUp(t.app);
  admin = await signUpAdmin(t);
  part = await createPart(t.database.db, { availablequantity: 1000, stock: 1000 });
});

describe('All Orders: the filter by number', () => {
  it('finds one order by its number, with or without the prefix', async () => {
    const [first, second] = [await placeOrder(rider), await placeOrder(rider)];
    for (const number of [second!.orderNumber, second!.orderNumber.replace('PS-', '')]) {
      const res = await allOrders(`number=${encodeURIComponent(number)}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as Order[]).map((o) => o._id)).toEqual([second!._id]);
      expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
    }
    // The other filters still apply beside it.
    const other = await allOrders(`number=${first!.orderNumber}&status=paid`);
    expect(other.json()).toEqual([]);
  });

  it('answers no order for a number nobody has, and 400 naming the field for one that is no number', async () => {
    expect((await allOrders('number=PS-999999999')).json()).toEqual([]);
    const bad = await allOrders('number=PS-12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'number', message: 'That is not an order number (PS-10482).' }),
    ]);
  });
});

describe("the dashboard's to-ship count", () => {
  it('counts paid, on-account and partly shipped orders, and nothing shipped, unpaid or cancelled', async () => {
    const before = await toShip();
    // One at a time: a checkout takes the whole cart.
    const placed: Order[] = [];
    for (let i = 0; i < 6; i++) placed.push(await placeOrder(rider));
    const statuses = ['paid', 'on_account', 'partially_shipped', 'shipped', 'unpaid', 'cancelled'] as const;
    for (const [i, status] of statuses.entries()) {
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, placed[i]!._id));
    }
    expect(await toShip()).toBe(before + 3);

    // Shipping the rest of a partly shipped order takes it off the count.
    await t.database.db
      .update(orders)
      .set({ status: 'shipped' })
      .where(inArray(orders.id, [placed[2]!._id]));
    expect(await toShip()).toBe(before + 2);
  });
});

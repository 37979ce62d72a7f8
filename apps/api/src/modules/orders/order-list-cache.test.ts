import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@pitstop/core/orders';
import type { Database } from '../../db/client.js';
import { createPart } from '../../seed/factories.js';
import { users } from '../../db/schema.js';
import { busLabel, useTwoProcesses } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { DELIVERY_ADDRESS } from '../../test/orders.js';

/*
 * A customer's own order list is answered from memory until any write. Two instances on one
 * database stand for two processes (sharing REDIS_URL when set, else an in-memory bus).
 */
describe(`a customer's order list across two processes (${busLabel})`, () => {
  let database: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let rider: Customer;
  let partId: string;

  const two = useTwoProcesses();
  beforeAll(async () => {
    ({ a, b, database } = two);
    partId = (await createPart(database.db, { availablequantity: 50, minquantity: 1 })).id;
    rider = await signUp(a);
  });

  const list = async (app: FastifyInstance, who: Customer, email = who.email) => {
    const res = await app.inject({ method: 'GET', url: `/api/order/${email}`, headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as Order[];
  };

  it('shows an order placed on one process in the very next list on the other', async () => {
    expect(await list(b, rider)).toEqual([]);
    expect(b.ordersCache.size).toBe(1);
    const placed = await a.inject({
      method: 'POST',
      url: '/api/order',
      headers: bearer(rider.token),
      payload: {
        email: rider.email,
        name: 'Asha',
        num: '555-0101',
        parts: 'x',
        quantity: 2,
        productId: partId,
        address: DELIVERY_ADDRESS,
      },
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().insertedId as string;
    const after = await list(b, rider);
    expect(after.map((o) => [o._id, o.status])).toEqual([[orderId, 'unpaid']]);

    // Cancelled on the other process: the cached list shows it at once.
    await list(a, rider);
    const cancelled = await b.inject({
      method: 'POST',
      url: `/api/order/${orderId}/cancel`,
      headers: bearer(rider.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await list(a, rider)).map((o) => o.status)).toEqual(['cancelled']);
  });

  it('answers the same bytes as the response schema, and still refuses someone else’s list', async () => {
    const other = await signUp(a);
    const refused = await b.inject({
      method: 'GET',
      url: `/api/order/${rider.email}`,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
    // An admin reads anyone's list from the database.
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.userId));
    const boss = await signUp(a);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss.userId));
    expect(await list(b, boss, rider.email)).toEqual(await list(b, rider));
  });
});

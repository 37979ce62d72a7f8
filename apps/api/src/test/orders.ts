import type { FastifyInstance } from 'fastify';
import type { Order } from '@pitstop/core/orders';
import { bearer, type Customer } from './accounts.js';

/** A valid delivery address in California (taxed when SALES_TAX_RATES names CA). */
export const DELIVERY_ADDRESS = {
  name: 'Asha Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};

/**
 * The part page's order form (POST /api/order) as a rider fills it: the spec's fields and the
 * delivery address (paid by card unless `payment` says otherwise).
 */
export function partOrderBody(
  who: Pick<Customer, 'email'>,
  productId: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    email: who.email,
    name: 'Asha Rider',
    num: '(415) 555-0134',
    parts: 'x',
    quantity: 1,
    productId,
    address: DELIVERY_ADDRESS,
    ...overrides,
  };
}

/** The customer's own orders, as GET /api/order/:email answers them. */
export async function ordersOf(app: FastifyInstance, who: Customer): Promise<Order[]> {
  const res = await app.inject({ method: 'GET', url: `/api/order/${who.email}`, headers: bearer(who.token) });
  return res.json();
}

/** One of the customer's orders, as My Orders lists it; throws when it is not listed. */
export async function orderOf(app: FastifyInstance, who: Customer, orderId: string): Promise<Order> {
  const order = (await ordersOf(app, who)).find((o) => o._id === orderId);
  if (!order) throw new Error(`order ${orderId} is not listed`);
  return order;
}

/** Throws with the answer when a step of a test's setup did not do what it should. */
function expectOk(res: { statusCode: number; body: string }, step: string, status = 200): void {
  if (res.statusCode !== status) throw new Error(`${step}: ${res.statusCode} ${res.body}`);
}

/** The part page's one-part order (POST /api/order), filled as `partOrderBody` fills it: answers its id. */
export async function orderPart(
  app: FastifyInstance,
  who: Customer,
  partId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers: bearer(who.token),
    payload: partOrderBody(who, partId, overrides),
  });
  expectOk(res, 'order');
  return (res.json() as { insertedId: string }).insertedId;
}

/** Puts these parts in the customer's cart, each at the quantity given. */
export async function fillCart(
  app: FastifyInstance,
  who: Customer,
  lines: { partId: string; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    expectOk(
      await app.inject({
        method: 'PUT',
        url: `/api/cart/items/${line.partId}`,
        headers: bearer(who.token),
        payload: { quantity: line.quantity },
      }),
      'cart',
    );
  }
}

/** Fills the cart with these parts and checks out: answers the new order's id. */
export async function checkoutCart(
  app: FastifyInstance,
  who: Customer,
  lines: { partId: string; quantity: number }[],
  address = DELIVERY_ADDRESS,
  payment: 'card' | 'account' = 'card',
): Promise<string> {
  await fillCart(app, who, lines);
  const placed = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(who.token),
    payload: { address, payment },
  });
  expectOk(placed, 'checkout', 201);
  return (placed.json() as { insertedId: string }).insertedId;
}

/** A customer's order of these parts through the cart and the checkout, left unpaid, as My Orders lists it. */
export async function placeUnpaidOrder(
  app: FastifyInstance,
  who: Customer,
  lines: { partId: string; quantity: number }[],
  address = DELIVERY_ADDRESS,
): Promise<Order> {
  return orderOf(app, who, await checkoutCart(app, who, lines, address));
}

/** Pays the customer's unpaid order by card with the sandbox's 4242 card, as a rider would. */
export async function payByCard(app: FastifyInstance, who: Customer, orderId: string): Promise<void> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(who.token),
    payload: { orderId },
  });
  expectOk(intent, 'intent');
  const { clientSecret } = intent.json() as { clientSecret: string };
  const card = await app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    headers: bearer(who.token),
    payload: { clientSecret, number: '4242424242424242', expiry: '12/39', cvc: '123' },
  });
  expectOk(card, 'card');
  const { transactionId } = card.json() as { transactionId: string };
  const paid = await app.inject({
    method: 'PATCH',
    url: `/api/payment/${orderId}`,
    headers: bearer(who.token),
    payload: { order: orderId, transactionId },
  });
  expectOk(paid, 'payment');
  if ((paid.json() as { modifiedCount?: number }).modifiedCount !== 1) {
    throw new Error(`payment: the order was not marked paid: ${paid.body}`);
  }
}

/**
 * A customer's order of these parts through the cart and the checkout, paid by card with the
 * sandbox's 4242 card, as a rider would: answers the order as My Orders lists it.
 */
export async function placePaidOrder(
  app: FastifyInstance,
  who: Customer,
  lines: { partId: string; quantity: number }[],
  address = DELIVERY_ADDRESS,
): Promise<Order> {
  const orderId = (await placeUnpaidOrder(app, who, lines, address))._id;
  await payByCard(app, who, orderId);
  return orderOf(app, who, orderId);
}

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

/** The customer's own orders, as GET /api/order/:email answers them. */
export async function ordersOf(app: FastifyInstance, who: Customer): Promise<Order[]> {
  const res = await app.inject({ method: 'GET', url: `/api/order/${who.email}`, headers: bearer(who.token) });
  return res.json();
}

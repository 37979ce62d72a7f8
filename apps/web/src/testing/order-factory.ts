import type { Order } from '@pitstop/core/orders';

let sequence = 0;

/** An order as GET /api/order/:email lists it; override only what a test is about. */
export function createOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  return {
    _id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    email: 'rider@pitstop.com',
    name: 'Riley Rider',
    num: '555-0100',
    parts: `Test Brake Pad ${sequence}`,
    quantity: 2,
    productId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    unitPrice: 21.99,
    total: 43.98,
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    ...overrides,
  };
}

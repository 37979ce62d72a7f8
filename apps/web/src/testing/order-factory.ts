import type { Order } from '@pitstop/core/orders';

let sequence = 0;

/** An order as GET /api/order/:email lists it; override only what a test is about. */
export function createOrder(overrides: Partial<Order> = {}): Order {
  sequence += 1;
  const line = {
    lineId: `40000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    partNumber: `TBP-${sequence}`,
    partId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    name: `Test Brake Pad ${sequence}`,
    unitPrice: 21.99,
    quantity: 2,
    total: 43.98,
  };
  return {
    _id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    orderNumber: `PS-${10000 + sequence}`,
    email: 'rider@pitstop.com',
    name: 'Riley Rider',
    num: '555-0100',
    parts: line.name,
    quantity: line.quantity,
    productId: line.partId,
    unitPrice: line.unitPrice,
    lines: [line],
    subtotal: 43.98,
    tax: 0,
    total: 43.98,
    address: null,
    status: 'unpaid',
    paid: false,
    transactionId: null,
    createdAt: '2026-01-02T00:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    refunded: 0,
    shipments: [],
    ...overrides,
  };
}

/**
 * An order of several lines as a checkout makes it: `parts`, `quantity`, `productId` and
 * `unitPrice` are the first line's, the subtotal the lines' and the total adds the tax.
 */
export function createMultiLineOrder(
  lines: { name: string; unitPrice: number; quantity: number; partId?: string | null }[],
  overrides: Partial<Order> = {},
): Order {
  const full = lines.map((line, index) => ({
    lineId: `30000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    partNumber: null,
    partId:
      line.partId === undefined
        ? `20000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`
        : line.partId,
    name: line.name,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    total: (Math.round(line.unitPrice * 100) * line.quantity) / 100,
  }));
  const first = full[0];
  if (!first) throw new Error('createMultiLineOrder needs at least one line');
  const subtotal = full.reduce((cents, line) => cents + Math.round(line.total * 100), 0) / 100;
  const tax = overrides.tax ?? 0;
  return createOrder({
    parts: first.name,
    quantity: first.quantity,
    productId: first.partId,
    unitPrice: first.unitPrice,
    lines: full,
    subtotal,
    tax,
    total: Math.round((subtotal + tax) * 100) / 100,
    ...overrides,
  });
}

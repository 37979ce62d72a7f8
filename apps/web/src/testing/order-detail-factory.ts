import type { OrderDetail } from '@pitstop/core/order-detail';

const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const DETAIL_ADDRESS = {
  name: 'Asha Rider',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};

/**
 * An order as GET /api/orders/:number answers it: PS-10482, delivered, three lines (the part
 * numbers out of order, so sorting shows), a UPS shipment of all but one unit, a refunded return
 * of one pad, and its timeline. Override only what a test is about.
 */
export function createOrderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const lines = [
    {
      n: 1,
      partNumber: 'SK-520',
      name: 'Sprocket kit',
      unitPrice: 64.5,
      quantity: 1,
      shipped: 1,
      returned: 0,
    },
    {
      n: 2,
      partNumber: 'BP-10',
      name: 'Rear brake pads',
      unitPrice: 19.99,
      quantity: 3,
      shipped: 2,
      returned: 1,
    },
    {
      n: 3,
      partNumber: 'BP-2',
      name: 'Front brake pads',
      unitPrice: 24.0,
      quantity: 2,
      shipped: 2,
      returned: 0,
    },
  ].map(({ n, ...line }) => ({
    ...line,
    lineId: uuid('30000000', n),
    partId: uuid('20000000', n),
    total: Math.round(line.unitPrice * 100 * line.quantity) / 100,
  }));
  const unit = (index: number, quantity: number) => {
    const line = lines[index]!;
    return { lineId: line.lineId, name: line.name, partNumber: line.partNumber, quantity };
  };
  const first = lines[0]!;
  return {
    _id: uuid('10000000', 1),
    orderNumber: 'PS-10482',
    email: 'asha@pitstop.com',
    name: 'Asha Rider',
    num: '(415) 555-0134',
    parts: first.name,
    quantity: first.quantity,
    productId: first.partId,
    unitPrice: first.unitPrice,
    lines,
    subtotal: 172.47,
    tax: 12.5,
    total: 184.97,
    address: DETAIL_ADDRESS,
    status: 'delivered',
    paid: true,
    transactionId: 'pi_sandbox_123',
    createdAt: '2026-03-02T15:00:00.000Z',
    paidAt: '2026-03-02T15:05:00.000Z',
    shippedAt: '2026-03-03T10:00:00.000Z',
    deliveredAt: '2026-03-05T12:00:00.000Z',
    cancelledAt: null,
    expiresAt: null,
    cancelReason: null,
    paymentMethod: 'card',
    paymentDueAt: null,
    refundedAt: null,
    refunded: 21.44,
    shipments: [
      {
        id: uuid('50000000', 1),
        position: 1,
        carrier: 'ups',
        carrierName: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shippedAt: '2026-03-03T10:00:00.000Z',
        lines: [unit(0, 1), unit(1, 2), unit(2, 2)],
      },
    ],
    returns: [
      {
        id: uuid('60000000', 1),
        label: 'PS-10482-R1',
        orderNumber: 'PS-10482',
        status: 'refunded',
        reason: 'wrong_part',
        note: 'Ordered the rear pads by mistake',
        photos: [],
        declineReason: null,
        restocked: true,
        refund: 21.44,
        refundTax: 1.45,
        lines: [unit(1, 1)],
        requestedAt: '2026-03-06T09:00:00.000Z',
        decidedAt: '2026-03-06T11:00:00.000Z',
        receivedAt: '2026-03-09T11:00:00.000Z',
        refundedAt: '2026-03-09T11:00:00.000Z',
      },
    ],
    refunds: [
      {
        id: uuid('70000000', 1),
        method: 'card',
        amount: 21.44,
        tax: 1.45,
        providerRefundId: 're_sandbox_9',
        returnLabel: 'PS-10482-R1',
        createdAt: '2026-03-09T11:00:00.000Z',
      },
    ],
    events: [
      {
        kind: 'placed',
        actor: 'Asha Rider (customer)',
        detail: 'Waiting for card payment',
        at: '2026-03-02T15:00:00.000Z',
      },
      { kind: 'paid', actor: 'System', detail: '', at: '2026-03-02T15:05:00.000Z' },
      {
        kind: 'shipment',
        actor: 'Sam Admin (admin)',
        detail: 'UPS 1Z999AA10123456784',
        at: '2026-03-03T10:00:00.000Z',
      },
      { kind: 'delivered', actor: 'Sam Admin (admin)', detail: '', at: '2026-03-05T12:00:00.000Z' },
    ],
    returnableUntil: '2026-04-04T12:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderDetail, Return } from '@pitstop/core/order-detail';
import { returnFormTexts, returnItemTexts } from '@pitstop/core/return-texts';
import { createOrder } from '@/testing/order-factory';
import { renderWithProviders } from '@/testing/render';
import { OrderReturnsSection } from './order-returns-section';

const RETURNED: Return = {
  id: '50000000-0000-4000-8000-000000000001',
  label: 'PS-10482-R1',
  orderNumber: 'PS-10482',
  status: 'refunded',
  reason: 'damaged',
  note: 'Cracked housing.',
  photos: [`/uploads/${'d'.repeat(64)}-8x8.webp`],
  declineReason: null,
  restocked: false,
  refund: 26.28,
  refundTax: 1.78,
  lines: [{ lineId: 'l1', name: 'Headlight', partNumber: 'HL-9', quantity: 1 }],
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-20T12:00:00.000Z',
  receivedAt: '2026-11-24T12:00:00.000Z',
  refundedAt: '2026-11-24T12:00:00.000Z',
};
const DECLINED: Return = {
  ...RETURNED,
  id: '50000000-0000-4000-8000-000000000002',
  label: 'PS-10482-R2',
  status: 'declined',
  declineReason: 'It was fitted and used.',
  refund: null,
  refundTax: null,
  restocked: null,
  photos: [],
};

function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const order = createOrder({ orderNumber: 'PS-10482', status: 'delivered' });
  return {
    ...order,
    lines: order.lines.map((line) => ({ ...line, shipped: line.quantity, returned: 0 })),
    shipments: [],
    returns: [RETURNED, DECLINED],
    refunds: [],
    events: [],
    returnableUntil: '2026-12-20T10:00:00.000Z',
    ...overrides,
  } as OrderDetail;
}

describe('OrderReturnsSection', () => {
  it('shows each return with its status, refund and tax, restocking, photos and decline reason', () => {
    renderWithProviders(<OrderReturnsSection order={detail()} admin={false} />);
    const section = screen.getByRole('region', { name: 'Returns' });
    expect(within(section).getByText(/PS-10482-R1/).textContent).toContain('Refunded');
    expect(within(section).getByText(/Refunded: \$26\.28/).textContent).toBe(
      `Refunded: $26.28 (including $1.78 tax) · ${returnItemTexts.notRestocked}`,
    );
    expect(within(section).getByText(`${returnItemTexts.declined}: It was fitted and used.`)).toBeTruthy();
    expect(within(section).getByRole('link', { name: returnItemTexts.photoLink(1) })).toBeTruthy();
    // No form was handed in: nothing to open.
    expect(within(section).queryByRole('button', { name: returnFormTexts.open })).toBeNull();
  });

  it('opens the customer’s request form while the order can be returned, and says when it is sent', () => {
    renderWithProviders(
      <OrderReturnsSection
        order={detail()}
        admin={false}
        renderRequestForm={(done) => (
          <button type="button" onClick={() => done({ ...RETURNED, label: 'PS-10482-R3' })}>
            Send the test request
          </button>
        )}
      />,
    );
    const open = screen.getByRole('button', { name: returnFormTexts.open });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(screen.getByRole('button', { name: returnFormTexts.close }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send the test request' }));
    expect(screen.getByRole('status').textContent).toBe(returnFormTexts.requested('PS-10482-R3'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: returnFormTexts.open }));
    expect(screen.queryByRole('button', { name: 'Send the test request' })).toBeNull();
  });

  it('offers no form once the window has closed, nor on the admin’s page; admins get the actions', () => {
    const form = () => <p>request form</p>;
    const { unmount } = renderWithProviders(
      <OrderReturnsSection
        order={detail({ returnableUntil: null })}
        admin={false}
        renderRequestForm={form}
      />,
    );
    expect(screen.queryByRole('button', { name: returnFormTexts.open })).toBeNull();
    unmount();

    renderWithProviders(
      <OrderReturnsSection
        order={detail()}
        admin
        renderRequestForm={form}
        renderActions={(item, done) => (
          <button
            type="button"
            onClick={() => done(`acted on ${item.label}`)}
          >{`Act on ${item.label}`}</button>
        )}
      />,
    );
    expect(screen.queryByRole('button', { name: returnFormTexts.open })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Act on PS-10482-R2' }));
    expect(screen.getByRole('status').textContent).toBe('acted on PS-10482-R2');
  });
});

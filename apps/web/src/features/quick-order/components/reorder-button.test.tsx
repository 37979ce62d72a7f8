import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReorderResult } from '@pitstop/core/quick-order';
import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { ReorderButton } from './reorder-button';

describe('ReorderButton', () => {
  it('puts the order’s parts in the cart and lists the ones no longer sold, by name', async () => {
    const server = mockApi({
      'POST /api/orders/PS-10482/reorder': () =>
        jsonResponse({
          cart: { items: [], subtotal: 0 },
          added: [{ partId: 'p1', name: 'Chain Kit', quantity: 2, note: t.raisedToMinimum(2) }],
          refused: [{ partId: null, name: 'Old Mirror', quantity: 1, message: t.noLongerSold }],
        } satisfies ReorderResult),
    });
    renderWithProviders(<ReorderButton orderNumber="PS-10482" />);
    fireEvent.click(screen.getByRole('button', { name: t.reorderLabel('PS-10482') }));
    expect(await screen.findByText(t.reorderAdded(1))).toBeTruthy();
    expect(screen.getByText(`Chain Kit: ${t.raisedToMinimum(2)}`)).toBeTruthy();
    expect(screen.getByText(`Old Mirror: ${t.noLongerSold}`)).toBeTruthy();
    expect(server.callsTo('POST /api/orders/PS-10482/reorder')).toHaveLength(1);
  });

  it('says when it failed', async () => {
    mockApi({
      'POST /api/orders/PS-1/reorder': () =>
        problemResponse(404, 'Not Found', 'We could not find that order.'),
    });
    renderWithProviders(<ReorderButton orderNumber="PS-1" />);
    fireEvent.click(screen.getByRole('button', { name: t.reorderLabel('PS-1') }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find that order.');
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderPageTexts } from '@pitstop/core/order-page-texts';
import { createOrderDetail, DETAIL_ADDRESS } from '@/testing/order-detail-factory';
import { OrderDeliverySection } from './order-delivery-section';
import { PACKING_SLIP_ID, PackingSlip } from './packing-slip';

/* Issue #28: the apartment or suite line under the street on the order page and the packing slip. */

describe('address line 2 on the order page', () => {
  it('shows it under the street in Delivery', () => {
    render(
      <OrderDeliverySection order={createOrderDetail({ address: { ...DETAIL_ADDRESS, line2: 'Apt 4B' } })} />,
    );
    const region = screen.getByRole('region', { name: orderPageTexts.deliveryHeading });
    expect(within(region).getByText('Apt 4B')).toBeTruthy();
    const lines = [...region.querySelectorAll('address > span')].map((el) => el.textContent);
    expect(lines).toEqual([
      DETAIL_ADDRESS.name,
      DETAIL_ADDRESS.street,
      'Apt 4B',
      `${DETAIL_ADDRESS.city}, ${DETAIL_ADDRESS.state} ${DETAIL_ADDRESS.zip}`,
    ]);
  });

  it('reads an order from before line 2 as it always did', () => {
    render(<OrderDeliverySection order={createOrderDetail({ address: DETAIL_ADDRESS })} />);
    const lines = [...document.querySelectorAll('address > span')].map((el) => el.textContent);
    expect(lines).toEqual([
      DETAIL_ADDRESS.name,
      DETAIL_ADDRESS.street,
      `${DETAIL_ADDRESS.city}, ${DETAIL_ADDRESS.state} ${DETAIL_ADDRESS.zip}`,
    ]);
  });

  it('puts it on the packing slip under Ship to', () => {
    render(<PackingSlip order={createOrderDetail({ address: { ...DETAIL_ADDRESS, line2: 'Suite 210' } })} />);
    const slip = document.getElementById(PACKING_SLIP_ID);
    const lines = [...(slip?.querySelectorAll('address > div') ?? [])].map((el) => el.textContent);
    expect(lines.slice(0, 4)).toEqual([
      DETAIL_ADDRESS.name,
      DETAIL_ADDRESS.street,
      'Suite 210',
      `${DETAIL_ADDRESS.city}, ${DETAIL_ADDRESS.state} ${DETAIL_ADDRESS.zip}`,
    ]);
  });
});

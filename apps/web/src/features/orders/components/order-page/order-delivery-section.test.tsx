import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createOrderDetail } from '@/testing/order-detail-factory';
import { OrderDeliverySection } from './order-delivery-section';

describe('OrderDeliverySection', () => {
  it('says by when the order arrives, as promised when it was placed', () => {
    render(<OrderDeliverySection order={createOrderDetail({ promisedOn: '2026-12-01' })} />);
    expect(screen.getByText('Arrives by Tue, Dec 1')).toBeTruthy();
  });

  it('says nothing of a date for an order placed without a promise', () => {
    render(<OrderDeliverySection order={createOrderDetail({ promisedOn: null })} />);
    expect(screen.queryByText(/Arrives by/)).toBeNull();
  });
});

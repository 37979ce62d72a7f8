import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PlacedOnAccount } from './placed-on-account';

describe('PlacedOnAccount', () => {
  it('carries the promised delivery date on the confirmation', () => {
    renderWithProviders(
      <PlacedOnAccount
        result={{ orderNumber: 'PS-10482', total: 54.2, paymentDueAt: null, promisedOn: '2026-12-01' }}
      />,
    );
    expect(screen.getByText('Arrives by Tue, Dec 1')).toBeTruthy();
  });
});

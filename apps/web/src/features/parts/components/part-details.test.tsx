import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPart } from '@/testing/part-factory';
import { renderWithProviders } from '@/testing/render';
import { PartDetails } from './part-details';

describe('PartDetails rating', () => {
  it('shows the review average in stars with how many reviews it comes from', () => {
    renderWithProviders(<PartDetails part={createPart({ ratings: 4.2, reviewCount: 17 })} />);
    expect(screen.getByRole('img', { name: 'Rated 4.2 out of 5, 17 reviews' })).toBeTruthy();
    expect(screen.getByRole('article').textContent).toContain('4.2 (17)');
    expect(screen.queryByText('No reviews yet')).toBeNull();
  });

  it('reads one review in the singular', () => {
    renderWithProviders(<PartDetails part={createPart({ ratings: 5, reviewCount: 1 })} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5, 1 review' })).toBeTruthy();
  });

  it('says "No reviews yet" and shows no stars when nobody has reviewed the part', () => {
    renderWithProviders(<PartDetails part={createPart({ ratings: 0, reviewCount: 0 })} />);
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normaliseRating, StarRating } from './star-rating';

describe('StarRating', () => {
  it('is a single image named with the rating out of 5', () => {
    render(<StarRating rating={4.5} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
  });

  it('rounds to one decimal and clamps to 0..5 in its label', () => {
    const { rerender } = render(<StarRating rating={3.74} />);
    expect(screen.getByRole('img', { name: 'Rated 3.7 out of 5' })).toBeTruthy();
    rerender(<StarRating rating={7} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(normaliseRating(-1)).toBe(0);
    expect(normaliseRating(Number.NaN)).toBe(0);
  });

  it('shows the review count only when there are reviews, and reads it with the rating', () => {
    const { container, rerender } = render(<StarRating rating={4} reviewCount={12} />);
    expect(container.textContent).toContain('4 (12)');
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5, 12 reviews' })).toBeTruthy();
    rerender(<StarRating rating={4} reviewCount={0} />);
    expect(container.textContent).not.toContain('(0)');
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
  });
});

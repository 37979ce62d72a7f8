import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BrandGrid } from './brand-grid';

describe('BrandGrid', () => {
  it('links each of the six brands to the catalogue filtered by it', () => {
    renderWithProviders(<BrandGrid />);
    for (const brand of ['Yamaha', 'Suzuki', 'TVS', 'Bajaj', 'Hero', 'Honda']) {
      const link = screen.getByRole('link', { name: `${brand} parts` });
      expect(link.getAttribute('href')).toBe(`/parts?brand=${brand}`);
      expect(link.querySelector('img')?.getAttribute('src')).toBe(
        `/images/brands/${brand.toLowerCase()}.webp`,
      );
    }
    expect(screen.getAllByRole('link')).toHaveLength(6);
  });
});

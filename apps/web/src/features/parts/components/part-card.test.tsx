import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPart } from '@/testing/part-factory';
import { renderWithProviders } from '@/testing/render';
import { PartCard } from './part-card';

describe('PartCard', () => {
  const part = createPart({
    _id: '3f0c9a52-8f3e-4c1e-9a57-1f2d3c4b5a69',
    name: 'Yamaha YZF-R15 V4 LED Headlight Assembly',
    seller: 'Pacific Coast Powersports',
    price: 129.99,
    availablequantity: 140,
    ratings: 4.7,
  });

  it('shows name, seller, price in dollars, availability and rating', () => {
    renderWithProviders(<PartCard part={part} />);
    const card = screen.getByRole('article');

    expect(within(card).getByRole('heading', { level: 2, name: part.name })).toBeTruthy();
    expect(within(card).getByText('Pacific Coast Powersports')).toBeTruthy();
    expect(within(card).getByText('$129.99')).toBeTruthy();
    expect(within(card).getByText('Available: 140')).toBeTruthy();
    expect(within(card).getByText(part.description)).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4.7 out of 5' })).toBeTruthy();
    const image = within(card).getByRole('img', { name: part.name });
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('300');
  });

  it('has a Buy Now link to the part page', () => {
    renderWithProviders(<PartCard part={part} />);
    const link = screen.getByRole('link', { name: `Buy Now: ${part.name}` });
    expect(link.getAttribute('href')).toBe('/parts/3f0c9a52-8f3e-4c1e-9a57-1f2d3c4b5a69');
    expect(link.textContent).toBe('Buy Now');
  });

  it('uses the heading level of the section it sits in', () => {
    renderWithProviders(<PartCard part={part} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: part.name })).toBeTruthy();
  });
});

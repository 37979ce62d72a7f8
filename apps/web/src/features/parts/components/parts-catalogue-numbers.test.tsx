import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NumberMatch } from '@pitstop/core/part-numbers';
import { mockApi } from '@/testing/api';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { PartsCatalogue } from './parts-catalogue';
import { PartCard } from './part-card';

const NO_FACETS = {
  brand: [],
  category: [],
  price: { min: null, max: null },
  inStock: 0,
  didYouMean: null,
};

function listItem(name: string, matchedBy: NumberMatch | null) {
  return { ...createPart({ name }), matchedBy };
}

describe('Search results found by another number', () => {
  it('say why under the part name: the OEM number with its maker, or the number the part replaces', async () => {
    const found = [
      listItem('Rear brake shoe set', { kind: 'supersedes', brand: null, number: '4C8-84310-00' }),
      listItem('Front brake pads', { kind: 'oem', brand: 'Yamaha', number: 'B7B-H4300-00' }),
      listItem('Brake pad kit', { kind: 'interchange', brand: 'EBC', number: 'FA252HH' }),
      listItem('Brake lever', null),
    ];
    const api = mockApi({
      'GET /api/parts': () => jsonResponse(found, { headers: { 'x-total-count': '4' } }),
      'GET /api/parts/facets': () => jsonResponse(NO_FACETS),
    });
    renderWithProviders(<PartsCatalogue />, { route: '/parts?q=4c8%2084310%2000' });

    const cards = await screen.findAllByRole('article');
    expect(api.callsTo('GET /api/parts')[0]?.url.searchParams.get('q')).toBe('4c8 84310 00');
    const reason = (card: HTMLElement) => within(card).getByRole('heading').nextElementSibling?.textContent;
    expect(reason(cards[0]!)).toBe('Replaces 4C8-84310-00');
    expect(reason(cards[1]!)).toBe('OEM Yamaha B7B-H4300-00');
    expect(reason(cards[2]!)).toBe('Interchange EBC FA252HH');
    // Found by its name: no reason, the seller follows the name.
    expect(reason(cards[3]!)).toBe(`Seller: ${found[3]!.seller}`);
  });

  it('a card without a search (the home page) shows no reason', () => {
    renderWithProviders(<PartCard part={createPart({ name: 'Chain kit' })} />);
    const heading = screen.getByRole('heading', { name: 'Chain kit' });
    expect(heading.nextElementSibling?.textContent).toMatch(/^Seller: /);
  });
});

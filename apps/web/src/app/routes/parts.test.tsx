import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PartFacets } from '@pitstop/core/parts';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { catalogueTitle, PartsRoute } from './parts';

const noFacets: PartFacets = {
  brand: [],
  category: [],
  price: { min: null, max: null },
  inStock: 0,
  didYouMean: null,
};

function canonicalHref(): string | null {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
}

describe('PartsRoute', () => {
  it('names one address per catalogue view: the filters in a fixed order, defaults and strangers left out', async () => {
    mockApi({
      'GET /api/parts': () => jsonResponse([], { headers: { 'x-total-count': '0' } }),
      'GET /api/parts/facets': () => jsonResponse(noFacets),
    });
    renderWithProviders(<PartsRoute />, {
      route:
        '/parts?sort=relevance&brand=Honda&model=CBR500R&utm_source=ad&page=1&make=Honda&year=2019&inStock=true',
    });
    await waitFor(() =>
      expect(canonicalHref()).toBe(
        `${window.location.origin}/parts?year=2019&make=Honda&model=CBR500R&brand=Honda&inStock=true`,
      ),
    );
  });

  it('names /parts for the whole catalogue, whatever the query holds', async () => {
    mockApi({
      'GET /api/parts': () => jsonResponse([], { headers: { 'x-total-count': '0' } }),
      'GET /api/parts/facets': () => jsonResponse(noFacets),
    });
    renderWithProviders(<PartsRoute />, { route: '/parts?sort=relevance&page=1&brand=&gclid=1' });
    await waitFor(() => expect(canonicalHref()).toBe(`${window.location.origin}/parts`));
  });

  it('names the brands chosen in the title, one or several', () => {
    expect(catalogueTitle({ brands: ['Honda'] })).toBe('Honda parts');
    expect(catalogueTitle({ brands: ['Yamaha', 'Honda'] })).toBe('Yamaha and Honda parts');
    expect(catalogueTitle({ brands: ['Yamaha', 'TVS', 'Honda'], category: 'brake-pads' })).toBe(
      'Yamaha, TVS and Honda brake pads',
    );
  });

  it('names one address for several brands, in code-point order, each once', async () => {
    mockApi({
      'GET /api/parts': () => jsonResponse([], { headers: { 'x-total-count': '0' } }),
      'GET /api/parts/facets': () => jsonResponse(noFacets),
    });
    renderWithProviders(<PartsRoute />, { route: '/parts?brand=Yamaha&brand=Honda&brand=EBC&brand=Honda' });
    await waitFor(() =>
      expect(canonicalHref()).toBe(`${window.location.origin}/parts?brand=EBC&brand=Honda&brand=Yamaha`),
    );
  });
});

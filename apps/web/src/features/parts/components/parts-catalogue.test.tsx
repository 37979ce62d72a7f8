import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fitmentTexts } from '@pitstop/core/fitment';
import { headerSearchTexts } from '@pitstop/core/header-search';
import { shopTexts } from '@pitstop/core/messages';
import type { Part, PartFacets } from '@pitstop/core/parts';
import { searchTexts } from '@pitstop/core/search';
import { fitStatus } from '@pitstop/core/vehicle-fit';
import { mockApi } from '@/testing/api';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { PartsCatalogue } from './parts-catalogue';

const R15 = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };

/** 30 parts: Honda and TVS brake pads and chains, one Yamaha R15 part, none from Hero. */
const catalogue: Part[] = Array.from({ length: 30 }, (_, i) =>
  createPart({
    name: `Catalogue part ${i + 1}`,
    brand: i === 29 ? 'Yamaha' : i % 2 === 0 ? 'Honda' : 'TVS',
    category: i % 3 === 0 ? 'chains-sprockets' : 'brake-pads',
    price: 10 + i,
    // Every fifth part has no reviews, hence no rating.
    ratings: i % 5,
    reviewCount: i % 5 === 0 ? 0 : 3,
    availablequantity: i % 4 === 0 ? 0 : 10,
    fitment:
      i === 29
        ? [
            {
              make: 'Yamaha',
              model: 'YZF-R15 V3',
              yearFrom: 2017,
              yearTo: 2021,
              position: 'front',
              quantity: 1,
              note: null,
            },
          ]
        : [],
  }),
);

type Filter = (part: Part, search: URLSearchParams) => boolean;
const FILTERS: Record<string, Filter> = {
  q: (p, s) => p.name.toLowerCase().includes(s.get('q')!.toLowerCase()),
  // Several brands are any of them.
  brand: (p, s) => s.getAll('brand').includes(p.brand),
  category: (p, s) => p.category === s.get('category'),
  minPrice: (p, s) => p.price >= Number(s.get('minPrice')),
  maxPrice: (p, s) => p.price <= Number(s.get('maxPrice')),
  inStock: (p) => p.availablequantity > 0,
  minRating: (p, s) => p.ratings >= Number(s.get('minRating')),
  year: (p, s) =>
    fitStatus(p, { year: Number(s.get('year')), make: s.get('make')!, model: s.get('model')! }).kind !==
    'does-not-fit',
};

function matching(search: URLSearchParams, except?: string): Part[] {
  return catalogue.filter((part) =>
    Object.entries(FILTERS).every(([key, test]) => key === except || !search.has(key) || test(part, search)),
  );
}

function countBy(parts: Part[], key: 'brand' | 'category') {
  const counts = new Map<string, number>();
  for (const part of parts) counts.set(part[key], (counts.get(part[key]) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** A fake of GET /api/parts and /api/parts/facets over `catalogue`, filtering like the real API. */
function serveCatalogue({ didYouMean = null }: { didYouMean?: string | null } = {}) {
  return mockApi({
    'GET /api/parts': (url) => {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      const found = matching(url.searchParams);
      const headers: Record<string, string> = { 'x-total-count': String(found.length) };
      // A bike that finds nothing: the same search for every bike, counted as the API does.
      if (found.length === 0 && url.searchParams.has('year')) {
        const everyBike = new URLSearchParams(url.searchParams);
        for (const key of ['year', 'make', 'model']) everyBike.delete(key);
        headers['x-total-other-bikes'] = String(matching(everyBike).length);
      }
      return jsonResponse(found.slice(offset, offset + limit), { headers });
    },
    'GET /api/parts/facets': (url) => {
      const all = matching(url.searchParams, 'minPrice');
      const facets: PartFacets = {
        brand: countBy(matching(url.searchParams, 'brand'), 'brand'),
        category: countBy(matching(url.searchParams, 'category'), 'category'),
        price: {
          min: all.length ? Math.min(...all.map((p) => p.price)) : null,
          max: all.length ? Math.max(...all.map((p) => p.price)) : null,
        },
        inStock: matching(url.searchParams, 'inStock').filter((p) => p.availablequantity > 0).length,
        didYouMean,
      };
      return jsonResponse(facets);
    },
  });
}

const location = () => screen.getByTestId('location').textContent;
/** A brand's checkbox, named "Honda (12)" or so. */
function brandBox(brand: string) {
  return within(facetGroup('Brand')).getByRole('checkbox', {
    name: (name) => name.startsWith(brand),
  }) as HTMLInputElement;
}
/** The count beside a brand's checkbox. */
function brandCount(brand: string) {
  return brandBox(brand).closest('label')?.textContent?.replace(brand, '');
}
function facetGroup(name: string) {
  return screen.getByRole('region', { name });
}

describe('PartsCatalogue', () => {
  it('shows one numbered page of 12 with the range and total, and links to the other pages', async () => {
    const api = serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts' });

    expect(screen.getByRole('status', { name: searchTexts.loadingParts })).toBeTruthy();
    expect(await screen.findByText('Showing 1–12 of 30 parts')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(api.callsTo('GET /api/parts')[0]?.url.search).toBe('?limit=12&offset=0');

    const pages = screen.getByRole('navigation', { name: searchTexts.pages });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/parts?page=3');
    expect(within(pages).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/parts?page=2');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).toBeNull();

    fireEvent.click(within(pages).getByRole('link', { name: 'Page 3' }));

    expect(await screen.findByText('Showing 25–30 of 30 parts')).toBeTruthy();
    expect(location()).toBe('/parts?page=3');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(api.callsTo('GET /api/parts').at(-1)?.url.search).toBe('?limit=12&offset=24');
    expect(screen.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps the shown page and its range on screen, marked busy, while the next page loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/parts': async (url) => {
        const offset = Number(url.searchParams.get('offset'));
        if (offset > 0) await held;
        return jsonResponse(catalogue.slice(offset, offset + 12), { headers: { 'x-total-count': '30' } });
      },
      'GET /api/parts/facets': () =>
        jsonResponse({
          brand: [],
          category: [],
          price: { min: null, max: null },
          inStock: 0,
          didYouMean: null,
        }),
    });
    renderWithProviders(<PartsCatalogue />, { route: '/parts' });
    await screen.findByText('Showing 1–12 of 30 parts');

    fireEvent.click(screen.getByRole('link', { name: 'Next' }));

    await waitFor(() => expect(location()).toBe('/parts?page=2'));
    expect(screen.getByText('Showing 1–12 of 30 parts')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain(
      'Catalogue part 1',
    );
    expect(screen.getAllByRole('article')[0]?.closest('[aria-busy="true"]')).not.toBeNull();

    release();
    expect(await screen.findByText('Showing 13–24 of 30 parts')).toBeTruthy();
    expect(screen.getByText('Catalogue part 13')).toBeTruthy();
  });

  it('sends only valid values from the URL: unknown ones are dropped, not sent', async () => {
    const api = serveCatalogue();
    renderWithProviders(<PartsCatalogue />, {
      route: '/parts?brand=Honda&category=not-a-category&minRating=7&page=0&sort=cheapest',
    });

    await screen.findByText(/^Showing 1–/);
    expect(api.callsTo('GET /api/parts')[0]?.url.search).toBe('?brand=Honda&limit=12&offset=0');
    expect(api.callsTo('GET /api/parts/facets')[0]?.url.search).toBe('?brand=Honda');
  });

  it('lists brands and categories with counts under the other filters; brands from the facets, by name', async () => {
    serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?category=chains-sprockets' });
    await screen.findByText('Showing 1–10 of 10 parts');

    // Counted within chains & sprockets: parts 1, 4, 7, … (i % 3 === 0). Brands are data: the
    // ones listed are those with parts under the other filters (no Hero, and Yamaha's one part
    // is a brake pad).
    await waitFor(() => expect(brandCount('Honda')).toBe('(5)'));
    expect(brandCount('TVS')).toBe('(5)');
    const brandNames = within(facetGroup('Brand'))
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).value);
    expect(brandNames).toEqual(['Honda', 'TVS']);
    expect(brandBox('Honda').disabled).toBe(false);

    // Categories are counted without the category filter, so the others still show their counts.
    const category = facetGroup('Category');
    expect(within(category).getByRole('link', { name: /^Brake pads/ }).textContent).toContain('(20)');
    const chosen = within(category).getByRole('link', { name: /^Chains & sprockets/ });
    expect(chosen.getAttribute('aria-current')).toBe('true');
    // Choosing the chosen value again takes the filter off.
    expect(chosen.getAttribute('href')).toBe('/parts');
    // In stock within the category: all but parts 1, 13 and 25.
    expect(screen.getByRole('checkbox', { name: `${searchTexts.inStockOnly} (7)` })).toBeTruthy();
  });

  it('narrows to a brand when its box is ticked, from page 1, keeping the other filters', async () => {
    const api = serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?sort=price_desc&page=2' });
    await screen.findByText('Showing 13–24 of 30 parts');
    await waitFor(() => expect(brandCount('TVS')).toBe('(14)'));

    fireEvent.click(brandBox('TVS'));

    expect(await screen.findByText('Showing 1–12 of 14 parts')).toBeTruthy();
    expect(location()).toBe('/parts?brand=TVS&sort=price_desc');
    expect(api.callsTo('GET /api/parts').at(-1)?.url.search).toBe(
      '?brand=TVS&sort=price_desc&limit=12&offset=0',
    );
    expect(brandBox('TVS').checked).toBe(true);
  });

  it('shows the parts of every brand ticked; each brand keeps its own count; unticking takes one off', async () => {
    const api = serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?brand=Yamaha' });
    expect(await screen.findByText('Showing 1–1 of 1 part')).toBeTruthy();
    await waitFor(() => expect(brandCount('TVS')).toBe('(14)'));
    expect(brandBox('Yamaha').checked).toBe(true);

    fireEvent.click(brandBox('TVS'));

    // Yamaha's one part and TVS's fourteen, in one list.
    expect(await screen.findByText('Showing 1–12 of 15 parts')).toBeTruthy();
    expect(location()).toBe('/parts?brand=TVS&brand=Yamaha');
    expect(api.callsTo('GET /api/parts').at(-1)?.url.search).toBe(
      '?brand=TVS&brand=Yamaha&limit=12&offset=0',
    );
    expect(api.callsTo('GET /api/parts/facets').at(-1)?.url.search).toBe('?brand=TVS&brand=Yamaha');
    // Brands combine with OR: each count is that brand's parts, whichever others are ticked.
    await waitFor(() => expect(brandCount('Honda')).toBe('(15)'));
    expect(brandCount('TVS')).toBe('(14)');
    expect(brandCount('Yamaha')).toBe('(1)');
    expect(brandBox('Yamaha').checked && brandBox('TVS').checked).toBe(true);
    expect(screen.getByRole('button', { name: searchTexts.filtersActive(1) })).toBeTruthy();

    fireEvent.click(brandBox('Yamaha'));
    expect(await screen.findByText('Showing 1–12 of 14 parts')).toBeTruthy();
    expect(location()).toBe('/parts?brand=TVS');
  });

  it('offers any brand the facets count, aftermarket ones too, and keeps a ticked brand with none left', async () => {
    const facets: PartFacets = {
      brand: [
        { value: 'Honda', count: 4 },
        { value: 'K&N', count: 2 },
        { value: 'EBC', count: 1 },
      ],
      category: [],
      price: { min: null, max: null },
      inStock: 0,
      didYouMean: null,
    };
    const api = mockApi({
      'GET /api/parts': () => jsonResponse([], { headers: { 'x-total-count': '0' } }),
      'GET /api/parts/facets': () => jsonResponse(facets),
    });
    renderWithProviders(<PartsCatalogue />, { route: '/parts?brand=Motul' });
    await waitFor(() => expect(brandCount('EBC')).toBe('(1)'));
    const names = within(facetGroup('Brand'))
      .getAllByRole('checkbox')
      .map((box) => (box as HTMLInputElement).value);
    expect(names).toEqual(['EBC', 'Honda', 'K&N', 'Motul']);
    expect(brandBox('Motul').checked).toBe(true);
    expect(brandCount('Motul')).toBe('(0)');

    fireEvent.click(brandBox('K&N'));
    await waitFor(() => expect(location()).toBe('/parts?brand=K%26N&brand=Motul'));
    expect(api.callsTo('GET /api/parts').at(-1)?.url.searchParams.getAll('brand')).toEqual(['K&N', 'Motul']);
  });

  it('puts stock, rating, price and sort choices into the address bar', async () => {
    serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?page=2' });
    await screen.findByText('Showing 13–24 of 30 parts');
    await screen.findByText(`(${catalogue.filter((p) => p.availablequantity > 0).length})`);

    fireEvent.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    await waitFor(() => expect(location()).toBe('/parts?inStock=true'));

    fireEvent.click(screen.getByRole('radio', { name: searchTexts.ratingLong(3) }));
    await waitFor(() => expect(location()).toBe('/parts?inStock=true&minRating=3'));

    const min = screen.getByLabelText(searchTexts.minPrice);
    // The cheapest part in stock and rated 3 or more is part 4, at $13.
    expect(min.getAttribute('placeholder')).toBe('13');
    fireEvent.change(min, { target: { value: '20' } });
    fireEvent.blur(min);
    await waitFor(() => expect(location()).toBe('/parts?minPrice=20&inStock=true&minRating=3'));

    fireEvent.change(screen.getByLabelText(searchTexts.maxPrice), { target: { value: '30.5' } });
    fireEvent.click(screen.getByRole('button', { name: searchTexts.applyPrice }));
    await waitFor(() => expect(location()).toBe('/parts?minPrice=20&maxPrice=30.5&inStock=true&minRating=3'));

    fireEvent.change(screen.getByLabelText(searchTexts.sortBy), { target: { value: 'price_asc' } });
    await waitFor(() =>
      expect(location()).toBe('/parts?minPrice=20&maxPrice=30.5&inStock=true&minRating=3&sort=price_asc'),
    );
    // Parts 21..29 cost 30..38 except those rated under 3 or out of stock; 20 → $30 is rated 0.
    expect(await screen.findByText(/of \d+ parts?$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: searchTexts.filtersActive(3) })).toBeTruthy();
  });

  it('calls the default order "Featured" without search text and "Best match" with it', async () => {
    serveCatalogue();
    const { unmount } = renderWithProviders(<PartsCatalogue />, { route: '/parts' });
    await screen.findByText(/^Showing/);
    const sort = screen.getByLabelText(searchTexts.sortBy) as HTMLSelectElement;
    expect(sort.selectedOptions[0]?.textContent).toBe(searchTexts.sortFeatured);
    unmount();

    renderWithProviders(<PartsCatalogue />, { route: '/parts?q=part' });
    await screen.findByText(/^Showing/);
    const sorted = screen.getByLabelText(searchTexts.sortBy) as HTMLSelectElement;
    expect(sorted.selectedOptions[0]?.textContent).toBe('Best match');
  });

  it('offers "Did you mean" when a search finds nothing, linking to the same view with that text', async () => {
    serveCatalogue({ didYouMean: 'Catalogue part' });
    renderWithProviders(<PartsCatalogue />, { route: '/parts?q=catalgue+prt&brand=Honda&sort=rating' });

    expect(await screen.findByText('No parts match “catalgue prt”.')).toBeTruthy();
    const suggestion = await screen.findByRole('link', { name: 'Catalogue part' });
    expect(suggestion.parentElement?.textContent).toBe('Did you mean Catalogue part?');
    expect(suggestion.getAttribute('href')).toBe('/parts?q=Catalogue+part&brand=Honda');
    const clear = screen.getAllByRole('link', { name: searchTexts.clearAll });
    expect(clear.map((link) => link.getAttribute('href'))).toEqual(['/parts', '/parts']);

    fireEvent.click(suggestion);
    expect(await screen.findByText('Showing 1–12 of 15 parts')).toBeTruthy();
  });

  it('shows only parts that fit the bike in the URL, says so, and can drop just the bike', async () => {
    const api = serveCatalogue();
    renderWithProviders(<PartsCatalogue vehicle={R15} />, {
      route: '/parts?year=2019&make=Yamaha&model=YZF-R15+V3&inStock=true',
    });

    expect(await screen.findByText('Showing 1–1 of 1 part')).toBeTruthy();
    expect(screen.getByText(searchTexts.fitsBike(R15))).toBeTruthy();
    expect(api.callsTo('GET /api/parts')[0]?.url.search).toBe(
      '?year=2019&make=Yamaha&model=YZF-R15+V3&inStock=true&limit=12&offset=0',
    );
    // The vehicle prop reaches every card, which says whether the part fits.
    expect(within(screen.getByRole('article')).getByText(fitmentTexts.fits(R15))).toBeTruthy();

    const clearBike = screen.getByRole('link', { name: searchTexts.clearBike(R15) });
    expect(clearBike.getAttribute('href')).toBe('/parts?inStock=true');
    fireEvent.click(clearBike);
    expect(await screen.findByText(/^Showing 1–12 of \d+ parts$/)).toBeTruthy();
    expect(screen.queryByText(searchTexts.fitsBike(R15))).toBeNull();
  });

  it('says when nothing fits the bike, and one click shows the results for other bikes', async () => {
    const MT07 = { year: 2019, make: 'Yamaha', model: 'MT-07' };
    serveCatalogue();
    renderWithProviders(<PartsCatalogue vehicle={MT07} />, {
      route: '/parts?q=part&year=2019&make=Yamaha&model=MT-07',
    });

    // In the status line, which screen readers announce.
    const said = await screen.findByText('No parts for your 2019 Yamaha MT-07 match “part”.');
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent).toBe(headerSearchTexts.noPartsForBike(MT07, 'part'));
    const others = screen.getByRole('link', { name: '30 results for other bikes' });
    expect(others.getAttribute('href')).toBe('/parts?q=part');
    // With no other filter, "Search all bikes" would be the same link again.
    expect(screen.queryByRole('link', { name: headerSearchTexts.searchAllBikes })).toBeNull();
    // "Clear all filters" clears the bike too (here and in the filters beside the list).
    const clear = screen.getAllByRole('link', { name: searchTexts.clearAll });
    expect(clear.map((link) => link.getAttribute('href'))).toEqual(['/parts', '/parts']);

    fireEvent.click(others);
    expect(await screen.findByText('Showing 1–12 of 30 parts')).toBeTruthy();
    expect(location()).toBe('/parts?q=part');
  });

  it('with other filters too, counts other bikes under them and offers the text across all bikes', async () => {
    const MT07 = { year: 2019, make: 'Yamaha', model: 'MT-07' };
    serveCatalogue();
    renderWithProviders(<PartsCatalogue vehicle={MT07} />, {
      route: '/parts?q=part&year=2019&make=Yamaha&model=MT-07&category=brake-pads',
    });

    const others = await screen.findByRole('link', { name: '20 results for other bikes' });
    expect(others.getAttribute('href')).toBe('/parts?q=part&category=brake-pads');
    const all = screen.getByRole('link', { name: headerSearchTexts.searchAllBikes });
    expect(all.getAttribute('href')).toBe('/parts?q=part');
    const clear = screen.getAllByRole('link', { name: searchTexts.clearAll });
    expect(clear.map((link) => link.getAttribute('href'))).toEqual(['/parts', '/parts']);
  });

  it('offers no count of other bikes when none has a result either', async () => {
    serveCatalogue();
    renderWithProviders(<PartsCatalogue />, {
      route: '/parts?q=nothing+at+all&year=2019&make=Yamaha&model=MT-07',
    });
    expect(
      await screen.findByText('No parts for your 2019 Yamaha MT-07 match “nothing at all”.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /for other bikes$/ })).toBeNull();
    const clear = screen.getAllByRole('link', { name: searchTexts.clearAll });
    expect(clear.map((link) => link.getAttribute('href'))).toEqual(['/parts', '/parts']);
  });

  it('restores the previous view on Back', async () => {
    serveCatalogue();
    function BackButton() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate(-1)}>
          Back
        </button>
      );
    }
    renderWithProviders(
      <>
        <PartsCatalogue />
        <BackButton />
      </>,
      { route: '/parts?brand=Honda' },
    );
    await screen.findByText('Showing 1–12 of 15 parts');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^Brake pads/ }).textContent).toContain('(10)'),
    );
    fireEvent.click(screen.getByRole('link', { name: /^Brake pads/ }));
    await screen.findByText('Showing 1–10 of 10 parts');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByText('Showing 1–12 of 15 parts')).toBeTruthy();
    expect(location()).toBe('/parts?brand=Honda');
  });

  it('keeps the filters behind a "Filters" disclosure button on small screens', async () => {
    serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?brand=Honda&inStock=true' });
    const toggle = screen.getByRole('button', { name: searchTexts.filtersActive(2) });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel?.className).toContain('hidden lg:block');

    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.className).not.toContain('hidden');
    await screen.findByText(/^Showing/);
  });

  it('offers the first page when the URL points past the last one', async () => {
    serveCatalogue();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?page=9' });
    expect(await screen.findByText(searchTexts.pastLastPage)).toBeTruthy();
    expect(screen.getByRole('link', { name: searchTexts.firstPage }).getAttribute('href')).toBe('/parts');
  });

  it('shows the error with "Try again", which refetches', async () => {
    let fail = true;
    mockApi({
      'GET /api/parts': () =>
        fail
          ? problemResponse(503, 'Service Unavailable', 'Database unavailable')
          : jsonResponse(catalogue.slice(0, 12), { headers: { 'x-total-count': '30' } }),
      'GET /api/parts/facets': () => problemResponse(503, 'Service Unavailable', 'Database unavailable'),
    });
    renderWithProviders(<PartsCatalogue />, { route: '/parts' });

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getByText(shopTexts.loadFailed)).toBeTruthy();
    expect(screen.getByText(searchTexts.facetsFailed)).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: shopTexts.retry })[1]!);

    expect(await screen.findByText('Showing 1–12 of 30 parts')).toBeTruthy();
    expect(screen.queryByText(shopTexts.loadFailed)).toBeNull();
  });
});

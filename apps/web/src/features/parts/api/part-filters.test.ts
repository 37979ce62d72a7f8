import { describe, expect, it } from 'vitest';
import {
  activeFacetCount,
  clearedFilters,
  maxPage,
  parsePartFilters,
  partsHref,
  toApiParams,
  toggledBrands,
  toSearchParams,
  withFilters,
  withSearch,
  type PartFilters,
} from './part-filters';

const parse = (query: string) => parsePartFilters(new URLSearchParams(query));

describe('parsePartFilters', () => {
  it('reads every filter, the bike, the sort and the page', () => {
    expect(
      parse(
        'q=brake+pads&year=2019&make=Yamaha&model=YZF-R15+V3&brand=Honda&category=wheels&minPrice=10&maxPrice=99.5&inStock=true&minRating=4&sort=price_asc&page=3',
      ),
    ).toEqual({
      q: 'brake pads',
      bike: { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' },
      brands: ['Honda'],
      category: 'wheels',
      minPrice: 10,
      maxPrice: 99.5,
      inStock: true,
      minRating: 4,
      sort: 'price_asc',
      page: 3,
    });
  });

  it('drops what the API would refuse with a 400 instead of sending it', () => {
    expect(
      parse('brand=&category=tyres&minPrice=-5&maxPrice=abc&inStock=yes&minRating=9&sort=cheapest&page=0'),
    ).toEqual({});
    expect(parse('minPrice=1e3&maxPrice=100001&minRating=4.5&page=2.5&page=x')).toEqual({});
    expect(parse(`q=${'x'.repeat(200)}`).q).toHaveLength(80);
    expect(parse('q=brake%00pads%C2%85&year=2019&make=Yam%01aha&model=R15').q).toBe('brake pads');
    expect(parse('q=brake%00pads&year=2019&make=Yam%01aha&model=R15').bike?.make).toBe('Yam aha');
    expect(parse('page=999999999')).toEqual({});
  });

  it('reads several brands, any names (brands are data), each once in one order; a lone brand= still works', () => {
    expect(parse('brand=Honda&brand=Yamaha').brands).toEqual(['Honda', 'Yamaha']);
    expect(parse('brand=Yamaha&brand=EBC&brand=Yamaha').brands).toEqual(['EBC', 'Yamaha']);
    expect(parse('brand=K%26N').brands).toEqual(['K&N']);
    expect(parse('brand=Hero').brands).toEqual(['Hero']);
    // An empty one is no brand; which names exist only the server knows (a page naming one that
    // does not is moved to the view without it).
    expect(parse('brand=&brand=')).toEqual({});
  });

  it('keeps a bike only when year, make and model are all there and valid', () => {
    expect(parse('year=2019&make=Yamaha')).toEqual({});
    expect(parse('year=1800&make=Yamaha&model=RX100')).toEqual({});
    expect(parse('year=2019&make=&model=MT-15')).toEqual({});
    expect(parse('year=2019&make=%20Yamaha%20&model=MT-15').bike).toEqual({
      year: 2019,
      make: 'Yamaha',
      model: 'MT-15',
    });
  });

  it('leaves out defaults: relevance, page 1, blank text and a zero minimum', () => {
    expect(parse('q=%20%20&sort=relevance&page=1&minPrice=0')).toEqual({});
  });

  it('rounds prices to the cent', () => {
    expect(parse('minPrice=10.555&maxPrice=20.5')).toEqual({ minPrice: 10.56, maxPrice: 20.5 });
  });

  it('turns a price range typed the wrong way round into the right one', () => {
    expect(parse('minPrice=50&maxPrice=20')).toEqual({ minPrice: 20, maxPrice: 50 });
  });
});

describe('toSearchParams', () => {
  it('writes a view in a fixed order and parses back to the same view', () => {
    const view: PartFilters = {
      page: 2,
      sort: 'rating',
      minRating: 3,
      inStock: true,
      maxPrice: 40,
      minPrice: 5.25,
      category: 'filters',
      brands: ['TVS'],
      bike: { year: 2021, make: 'TVS', model: 'Apache RTR 160 4V' },
      q: 'oil filter',
    };
    const search = toSearchParams(view).toString();
    expect(search).toBe(
      'q=oil+filter&year=2021&make=TVS&model=Apache+RTR+160+4V&brand=TVS&category=filters&minPrice=5.25&maxPrice=40&inStock=true&minRating=3&sort=rating&page=2',
    );
    expect(parsePartFilters(new URLSearchParams(search))).toEqual(view);
  });

  it('repeats brand for several brands, so equal views have equal URLs', () => {
    expect(partsHref({ brands: ['Honda', 'Yamaha'], inStock: true })).toBe(
      '/parts?brand=Honda&brand=Yamaha&inStock=true',
    );
    expect(partsHref(parse('brand=Yamaha&brand=Honda'))).toBe('/parts?brand=Honda&brand=Yamaha');
  });

  it('gives /parts for the plain catalogue', () => {
    expect(partsHref({})).toBe('/parts');
    expect(partsHref({ sort: 'relevance', page: 1 })).toBe('/parts');
  });
});

describe('changing the view', () => {
  const view: PartFilters = { q: 'chain', brands: ['Bajaj'], sort: 'price_desc', page: 4 };

  it('starts again at page 1 whenever a filter changes, and removes cleared keys', () => {
    expect(withFilters(view, { category: 'chains-sprockets' })).toEqual({
      q: 'chain',
      brands: ['Bajaj'],
      category: 'chains-sprockets',
      sort: 'price_desc',
    });
    expect(withFilters(view, { brands: undefined })).toEqual({ q: 'chain', sort: 'price_desc' });
  });

  it('searches from page 1 by best match', () => {
    expect(withSearch(view, '  brake   pads ')).toEqual({ q: 'brake pads', brands: ['Bajaj'] });
    // Control characters (a pasted tab, a NUL) are spaces: the API refuses them (decision 027).
    expect(withSearch(view, 'brake\tpads\u0000')).toEqual({ q: 'brake pads', brands: ['Bajaj'] });
    expect(withSearch(view, '   ')).toEqual({ brands: ['Bajaj'] });
  });

  it('clears everything, the bike too', () => {
    const bike = { year: 2019, make: 'Yamaha', model: 'MT-15' };
    expect(clearedFilters({ ...view, bike, inStock: true })).toEqual({});
    expect(clearedFilters(view)).toEqual({});
  });

  it('counts the facets in use (a price range counts once, and so do several brands)', () => {
    expect(activeFacetCount({ q: 'x', brands: ['Hero'], minPrice: 1, maxPrice: 2, inStock: true })).toBe(3);
    expect(activeFacetCount({ brands: ['Hero', 'Honda'] })).toBe(1);
  });

  it('ticks and unticks a brand among the chosen ones', () => {
    expect(toggledBrands(undefined, 'Honda', true)).toEqual(['Honda']);
    expect(toggledBrands(['Honda'], 'Yamaha', true)).toEqual(['Honda', 'Yamaha']);
    expect(toggledBrands(['Honda', 'Yamaha'], 'EBC', true)).toEqual(['EBC', 'Honda', 'Yamaha']);
    expect(toggledBrands(['Honda', 'Yamaha'], 'Yamaha', false)).toEqual(['Honda']);
    // The last one unticked is no brand filter at all.
    expect(toggledBrands(['Honda'], 'Honda', false)).toBeUndefined();
  });
});

describe('toApiParams', () => {
  it('spells the filters as the API reads them', () => {
    expect(
      toApiParams({
        q: 'pad',
        bike: { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' },
        inStock: true,
        minRating: 2,
      }),
    ).toEqual({
      q: 'pad',
      brand: undefined,
      category: undefined,
      year: 2019,
      make: 'Yamaha',
      model: 'YZF-R15 V3',
      minPrice: undefined,
      maxPrice: undefined,
      inStock: 'true',
      minRating: 2,
    });
  });

  it('sends several brands as the brand key repeated', () => {
    expect(toApiParams({ brands: ['Yamaha', 'Honda'] }).brand).toEqual(['Yamaha', 'Honda']);
  });

  it('never asks for an offset past the API limit', () => {
    expect((maxPage(12) - 1) * 12).toBeLessThanOrEqual(1_000_000);
  });
});

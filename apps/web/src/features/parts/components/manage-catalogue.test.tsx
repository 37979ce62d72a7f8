import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pitstop/core/catalogue';
import { mockApi } from '@/testing/api';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ManageCatalogue } from './manage-catalogue';

/** A catalogue of `total` parts the mock API pages through, searches and filters like the server. */
function catalogueApi(total: number) {
  const all = Array.from({ length: total }, (_, i) =>
    createPart({ name: `Part ${String(i + 1).padStart(3, '0')}`, availablequantity: i % 10 === 0 ? 5 : 100 }),
  );
  const deletions = Object.fromEntries(
    all.map((part) => [
      `DELETE /api/parts/${part._id}`,
      () => {
        all.splice(all.indexOf(part), 1);
        return jsonResponse({ deletedCount: 1 });
      },
    ]),
  );
  return mockApi({
    ...deletions,
    'GET /api/parts': (url) => {
      const q = url.searchParams.get('q');
      let matching = q ? all.filter((p) => p.name.includes(q)) : all;
      if (url.searchParams.get('stock') === 'low')
        matching = matching.filter((p) => p.availablequantity <= 25);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse(matching.slice(offset, offset + limit), {
        headers: { [TOTAL_COUNT_HEADER]: String(matching.length) },
      });
    },
  });
}

const renderCatalogue = (route = '/dashboard/parts') =>
  renderWithProviders(<ManageCatalogue newHref="/dashboard/parts/new" editHref={(id) => `/e/${id}`} />, {
    route,
  });

describe('ManageCatalogue', () => {
  it('shows a page of 50, newest first, with the server’s count and page links', async () => {
    const api = catalogueApi(120);
    renderCatalogue();
    expect(await screen.findByText('120 parts; showing 1–50')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(51);
    const asked = api.callsTo('GET /api/parts')[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ limit: '50', offset: '0', sort: 'newest' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/dashboard/parts?page=3',
    );
  });

  it('opens a later page from its address', async () => {
    const api = catalogueApi(120);
    renderCatalogue('/dashboard/parts?page=3');
    expect(await screen.findByText('120 parts; showing 101–120')).toBeTruthy();
    expect(api.callsTo('GET /api/parts')[0]!.url.searchParams.get('offset')).toBe('100');
  });

  it('searches on the server and keeps the search in the address', async () => {
    const api = catalogueApi(120);
    renderCatalogue();
    await screen.findByText('120 parts; showing 1–50');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the catalogue' }), {
      target: { value: 'Part 11' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('10 parts matching “Part 11”')).toBeTruthy();
    expect(api.callsTo('GET /api/parts').at(-1)!.url.searchParams.get('q')).toBe('Part 11');
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/parts?q=Part+11');
  });

  it('shows the parts low on stock, counted by the server', async () => {
    const api = catalogueApi(120);
    renderCatalogue();
    await screen.findByText('120 parts; showing 1–50');
    fireEvent.click(screen.getByRole('button', { name: 'Low stock' }));
    expect(await screen.findByText('12 parts are low on stock')).toBeTruthy();
    expect(api.callsTo('GET /api/parts').at(-1)!.url.searchParams.get('stock')).toBe('low');
  });

  it('takes a deleted part off the page at once', async () => {
    catalogueApi(3);
    vi.stubGlobal('confirm', () => true);
    renderCatalogue();
    await screen.findByText('3 parts');
    fireEvent.click(screen.getAllByRole('button', { name: /^Delete/ })[0]!);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(await screen.findByText('2 parts')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopTexts } from '@pitstop/core/messages';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, mockFetch, problemResponse } from '@/testing/render';
import { renderWithProviders } from '@/testing/render';
import { PartsCatalogue } from './parts-catalogue';

const TOTAL = 20;
const catalogue = Array.from({ length: TOTAL }, (_, i) => createPart({ name: `Catalogue part ${i + 1}` }));

/** A fake GET /api/parts that pages through `catalogue` like the real API. */
function servePages() {
  return mockFetch((url) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    return jsonResponse(catalogue.slice(offset, offset + limit), {
      headers: { 'x-total-count': String(TOTAL) },
    });
  });
}

describe('PartsCatalogue', () => {
  it('loads a page of 12 parts, then the rest with "Load more parts", and stops at the total', async () => {
    const fetchSpy = servePages();
    renderWithProviders(<PartsCatalogue />, { route: '/parts' });

    expect(screen.getByRole('status', { name: 'Loading parts' })).toBeTruthy();
    expect(await screen.findByText('Showing 12 of 20 parts')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/parts?limit=12&offset=0');

    fireEvent.click(screen.getByRole('button', { name: 'Load more parts' }));

    expect(await screen.findByText('Showing 20 of 20 parts')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(fetchSpy.mock.calls[1]?.[0]).toBe('/api/parts?limit=12&offset=12');
    expect(screen.queryByRole('button', { name: 'Load more parts' })).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('sends the brand and category from the URL, and drops unknown values', async () => {
    const fetchSpy = servePages();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?brand=Honda&category=not-a-category' });

    await screen.findByText('Showing 12 of 20 parts');
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/parts?brand=Honda&limit=12&offset=0');
    expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe('Honda');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('');
  });

  it('puts a chosen category into the address bar', async () => {
    servePages();
    renderWithProviders(<PartsCatalogue />, { route: '/parts?brand=TVS' });
    await screen.findByText('Showing 12 of 20 parts');

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'wheels' } });

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/parts?brand=TVS&category=wheels'),
    );
  });

  it('shows the error with "Try again", which refetches', async () => {
    let fail = true;
    const fetchSpy = mockFetch((url) => {
      if (fail) return problemResponse(503, 'Service Unavailable', 'Database unavailable');
      const limit = Number(url.searchParams.get('limit'));
      return jsonResponse(catalogue.slice(0, limit), { headers: { 'x-total-count': String(TOTAL) } });
    });
    renderWithProviders(<PartsCatalogue />, { route: '/parts' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(shopTexts.loadFailed);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: shopTexts.retry }));

    expect(await screen.findByText('Showing 12 of 20 parts')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

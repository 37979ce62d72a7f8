import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopTexts } from '@pitstop/core/messages';
import { createPart } from '@/testing/part-factory';
import { jsonResponse, mockFetch, problemResponse } from '@/testing/render';
import { renderWithProviders } from '@/testing/render';
import { PartDetailRoute } from './part-detail';

describe('PartDetailRoute', () => {
  it('shows the part with its buying facts, specifications and fitment', async () => {
    const part = createPart({
      name: 'Honda CB350 Rear Alloy Wheel',
      price: 249.99,
      availablequantity: 50,
      minquantity: 1,
      specifications: [{ key: 'Rim size', value: '18 x 3.00 in' }],
      fitment: [{ make: 'Honda', model: "CB350 H'ness", yearFrom: 2021, yearTo: 2025 }],
    });
    const fetchSpy = mockFetch(() => jsonResponse(part));
    renderWithProviders(<PartDetailRoute />, { route: `/parts/${part._id}`, path: '/parts/:id' });

    expect(screen.getByRole('status', { name: 'Loading part' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeTruthy();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/api/parts/${part._id}`);
    expect(screen.getByText('$249.99')).toBeTruthy();
    expect(screen.getByText('Available quantity').nextElementSibling?.textContent).toBe('50');
    expect(screen.getByText('Min order quantity').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByRole('row', { name: 'Rim size 18 x 3.00 in' })).toBeTruthy();
    expect(screen.getByRole('row', { name: "Honda CB350 H'ness 2021–2025" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${part.name} | Pitstop Parts`));
  });

  it.each([404, 400])('shows the not-found message for a %i answer', async (status) => {
    mockFetch(() => problemResponse(status, 'Not Found', 'No such part'));
    renderWithProviders(<PartDetailRoute />, { route: '/parts/nope', path: '/parts/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: shopTexts.partNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all parts' }).getAttribute('href')).toBe('/parts');
    expect(screen.queryByRole('button', { name: shopTexts.retry })).toBeNull();
  });

  it('offers "Try again" for a server failure', async () => {
    mockFetch(() => problemResponse(500, 'Internal Server Error', 'Something broke'));
    renderWithProviders(<PartDetailRoute />, { route: '/parts/abc', path: '/parts/:id' });

    expect((await screen.findByRole('alert')).textContent).toContain(shopTexts.loadFailed);
    expect(screen.getByRole('button', { name: shopTexts.retry })).toBeTruthy();
  });
});

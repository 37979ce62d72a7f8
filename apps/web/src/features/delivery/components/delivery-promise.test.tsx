import { fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS } from '@pitstop/core/delivery-promise';
import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { mockApi } from '@/testing/api';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/render';
import { DELIVERY_ZIP_KEY } from '../stores/delivery-zip';
import { DeliveryPromise } from './delivery-promise';

// Monday 30 November 2026, 11:48 in New York: 3 h 12 min before the 15:00 cut-off.
const NOW = new Date('2026-11-30T16:48:00Z');

function settingsApi(headers: Record<string, string> = {}, more = {}) {
  return mockApi({
    'GET /api/settings/delivery': () => jsonResponse(DEFAULT_DELIVERY_SETTINGS, { headers }),
    ...more,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DeliveryPromise', () => {
  it('asks a visitor for a ZIP, checks it, remembers it in the browser only, and promises for it', async () => {
    settingsApi();
    renderWithProviders(<DeliveryPromise inStock />);
    expect(screen.getByText(deliveryTexts.freeDelivery)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: deliveryTexts.deliverToZip }));
    const zip = screen.getByRole('textbox', { name: deliveryTexts.zipLabel });
    expect(document.activeElement).toBe(zip);
    fireEvent.change(zip, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: deliveryTexts.zipSubmit }));
    expect(screen.getByText(deliveryTexts.zipInvalid)).toBeTruthy();
    expect(zip.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(zip, { target: { value: '10001' } });
    fireEvent.click(screen.getByRole('button', { name: deliveryTexts.zipSubmit }));
    expect(await screen.findByText('Order within 3 h 12 min — arrives Tue, Dec 1')).toBeTruthy();
    expect(screen.getByText(deliveryTexts.deliverTo('10001', 'NY'))).toBeTruthy();
    expect(window.localStorage.getItem(DELIVERY_ZIP_KEY)).toBe('"10001"');
    expect(document.cookie).not.toContain('10001');
  });

  it('says where it does not deliver for a ZIP outside the 48 states and DC, and promises nothing', async () => {
    window.localStorage.setItem(DELIVERY_ZIP_KEY, '"99501"');
    settingsApi();
    renderWithProviders(<DeliveryPromise inStock />);
    expect(await screen.findByText(deliveryTexts.zipOutsideArea('Alaska'))).toBeTruthy();
    expect(screen.queryByText(/Order within/)).toBeNull();
  });

  it('shows nothing for a part out of stock', () => {
    window.localStorage.setItem(DELIVERY_ZIP_KEY, '"10001"');
    settingsApi();
    renderWithProviders(<DeliveryPromise inStock={false} />);
    expect(screen.queryByText(/Order within|Free delivery/)).toBeNull();
    expect(screen.queryByRole('button', { name: deliveryTexts.deliverToZip })).toBeNull();
  });

  it('counts down on the server’s clock, not a wrong browser clock', async () => {
    window.localStorage.setItem(DELIVERY_ZIP_KEY, '"10001"');
    // The server is about an hour (59 min 30 s) ahead of this browser: that much less is left.
    settingsApi({ date: new Date(NOW.getTime() + 3_570_000).toUTCString() });
    renderWithProviders(<DeliveryPromise inStock />);
    expect(await screen.findByText('Order within 2 h 12 min — arrives Tue, Dec 1')).toBeTruthy();
  });

  it('uses a signed-in customer’s saved address before any ZIP', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    window.localStorage.setItem(DELIVERY_ZIP_KEY, '"99501"');
    const settings = {
      ...DEFAULT_DELIVERY_SETTINGS,
      carriers: [{ name: 'Ground', transitDays: 1, byState: { CA: 2 } }],
    };
    mockApi({
      'GET /api/settings/delivery': () => jsonResponse(settings),
      'GET /api/me/address': () =>
        jsonResponse({
          address: {
            name: 'A',
            street: '1 Main St',
            city: 'LA',
            state: 'CA',
            zip: '90001',
            phone: '2135550100',
          },
        }),
    });
    renderWithProviders(<DeliveryPromise inStock />);
    expect(await screen.findByText('Order within 3 h 12 min — arrives Wed, Dec 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: deliveryTexts.zipChange })).toBeNull();
  });

  it('renders no countdown on the server, so hydration cannot disagree with it', async () => {
    window.localStorage.setItem(DELIVERY_ZIP_KEY, '"10001"');
    const client = createTestQueryClient();
    client.setQueryData(['delivery', 'settings'], { settings: DEFAULT_DELIVERY_SETTINGS, clockOffsetMs: 0 });
    const html = renderToString(
      <QueryClientProvider client={client}>
        <DeliveryPromise inStock />
      </QueryClientProvider>,
    );
    expect(html).toContain(deliveryTexts.freeDelivery);
    expect(html).not.toContain('Order within');
  });
});

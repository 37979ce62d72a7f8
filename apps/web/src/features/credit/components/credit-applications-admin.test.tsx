import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditApplication } from '@pitstop/core/credit';
import { creditAdminTexts } from '@pitstop/core/credit-texts';
import { creditTexts } from '@pitstop/core/messages';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CreditApplicationsAdmin } from './credit-applications-admin';

const pending = (id: string, businessName: string, requestedLimit: number): CreditApplication => ({
  id,
  userId: `u-${id}`,
  businessName,
  contactName: 'Dana Fleet',
  email: 'dana@example.com',
  phone: '(415) 555-0199',
  ein: '12-3456789',
  yearsInBusiness: 4,
  requestedLimit,
  status: 'pending',
  approvedLimit: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
});

const A = pending('20000000-0000-4000-8000-00000000000a', 'Rapid Couriers', 5000);
const B = pending('20000000-0000-4000-8000-00000000000b', 'Moto Vendors', 800);

function renderAdmin() {
  window.localStorage.setItem('accessToken', 'admin-key');
  let list = [A, B];
  const api = mockApi({
    'GET /api/credit-applications': (url) =>
      jsonResponse({
        items:
          url.searchParams.get('status') === 'pending' ? list.filter((a) => a.status === 'pending') : list,
        next: null,
      }),
    [`PATCH /api/credit-applications/${A.id}`]: (_url, init) => {
      const body = jsonBodyOf(init) as { status: 'approved'; limit: number };
      const decided = {
        ...A,
        status: body.status,
        approvedLimit: body.limit,
        decidedAt: '2026-11-21T00:00:00.000Z',
      };
      list = list.map((a) => (a.id === A.id ? decided : a));
      return jsonResponse(decided);
    },
    [`PATCH /api/credit-applications/${B.id}`]: () => {
      const decided = { ...B, status: 'declined' as const, decidedAt: '2026-11-21T00:00:00.000Z' };
      list = list.map((a) => (a.id === B.id ? decided : a));
      return jsonResponse(decided);
    },
  });
  renderWithProviders(<CreditApplicationsAdmin />);
  return api;
}

describe('CreditApplicationsAdmin', () => {
  it('approves with the limit typed (the requested one to start with) and drops it from the pending list', async () => {
    const api = renderAdmin();
    const table = await screen.findByRole('table', { name: creditAdminTexts.heading });
    const limit = within(table).getByLabelText(
      creditAdminTexts.limitLabel('Rapid Couriers'),
    ) as HTMLInputElement;
    expect(limit.value).toBe('5000');
    fireEvent.change(limit, { target: { value: '2500' } });
    fireEvent.click(
      within(table).getByRole('button', { name: creditAdminTexts.approveLabel('Rapid Couriers') }),
    );

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        creditAdminTexts.approved('Rapid Couriers', '$2,500.00'),
      ),
    );
    const [call] = api.callsTo(`PATCH /api/credit-applications/${A.id}`);
    expect(jsonBodyOf(call?.init)).toEqual({ status: 'approved', limit: 2500 });
    await waitFor(() => expect(screen.queryByText('Rapid Couriers')).toBeNull());
    expect(screen.getByText('Moto Vendors')).toBeTruthy();
  });

  it('reads older applications a page at a time, until the oldest', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    const api = mockApi({
      'GET /api/credit-applications': (url) =>
        url.searchParams.get('before') === 'page-2'
          ? jsonResponse({ items: [B], next: null })
          : jsonResponse({ items: [A], next: 'page-2' }),
    });
    renderWithProviders(<CreditApplicationsAdmin />);
    expect(await screen.findByText('Rapid Couriers')).toBeTruthy();
    expect(screen.queryByText('Moto Vendors')).toBeNull();
    expect(screen.getByText(creditAdminTexts.shown(1))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: creditAdminTexts.loadMore }));
    expect(await screen.findByText('Moto Vendors')).toBeTruthy();
    // Both pages stay on the screen, newest first, and the end is said.
    expect(screen.getByText('Rapid Couriers')).toBeTruthy();
    expect(screen.getByText(creditAdminTexts.shown(2))).toBeTruthy();
    expect(screen.getByText(creditAdminTexts.end)).toBeTruthy();
    const [, second] = api.callsTo('GET /api/credit-applications');
    expect(second!.url.searchParams.get('before')).toBe('page-2');
    expect(second!.url.searchParams.get('status')).toBe('pending');
  });

  it('refuses a limit that is not an amount before sending, and declines', async () => {
    const api = renderAdmin();
    const table = await screen.findByRole('table', { name: creditAdminTexts.heading });
    const limit = within(table).getByLabelText(creditAdminTexts.limitLabel('Moto Vendors'));
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.click(
      within(table).getByRole('button', { name: creditAdminTexts.approveLabel('Moto Vendors') }),
    );
    expect(await screen.findByText(creditTexts.approvedLimitInvalid)).toBeTruthy();
    expect(api.callsTo(`PATCH /api/credit-applications/${B.id}`)).toHaveLength(0);

    fireEvent.click(
      within(table).getByRole('button', { name: creditAdminTexts.declineLabel('Moto Vendors') }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(creditAdminTexts.declined('Moto Vendors')),
    );
    expect(jsonBodyOf(api.callsTo(`PATCH /api/credit-applications/${B.id}`)[0]?.init)).toEqual({
      status: 'declined',
    });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditListEmptyTexts } from '@pitstop/core/checkout-place-texts';
import type { CreditApplication } from '@pitstop/core/credit';
import { creditAdminTexts } from '@pitstop/core/credit-texts';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CreditApplicationsAdmin } from './credit-applications-admin';

/*
 * Issue #28, item 7: after a decision each list says what it holds. The Pending list emptied by
 * the last decision says none is waiting (not "No credit applications yet"); the Approved and All
 * lists show the decided application with its new status.
 */

const ONLY: CreditApplication = {
  id: '20000000-0000-4000-8000-0000000000c1',
  userId: 'u-c1',
  businessName: 'Rapid Couriers',
  contactName: 'Dana Fleet',
  email: 'dana@example.com',
  phone: '(415) 555-0199',
  ein: '12-3456789',
  yearsInBusiness: 4,
  requestedLimit: 5000,
  status: 'pending',
  approvedLimit: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

function renderAdmin() {
  window.localStorage.setItem('accessToken', 'admin-key');
  let list: CreditApplication[] = [ONLY];
  mockApi({
    // As the server filters: by the status asked for, every status without one.
    'GET /api/credit-applications': (url) => {
      const status = url.searchParams.get('status');
      return jsonResponse({ items: list.filter((a) => !status || a.status === status), next: null });
    },
    [`PATCH /api/credit-applications/${ONLY.id}`]: (_url, init) => {
      const body = jsonBodyOf(init) as { status: 'approved'; limit: number };
      const decided: CreditApplication = {
        ...ONLY,
        status: body.status,
        approvedLimit: body.limit,
        decidedAt: '2026-11-21T00:00:00.000Z',
      };
      list = [decided];
      return jsonResponse(decided);
    },
  });
  renderWithProviders(<CreditApplicationsAdmin />);
}

const show = (label: string) =>
  fireEvent.change(screen.getByLabelText(creditAdminTexts.filterLabel), {
    target: { value: label },
  });

describe('the credit lists after a decision', () => {
  it('says no application is waiting on Pending, and shows it approved on Approved and All', async () => {
    renderAdmin();
    const table = await screen.findByRole('table', { name: creditAdminTexts.heading });
    fireEvent.click(
      within(table).getByRole('button', { name: creditAdminTexts.approveLabel('Rapid Couriers') }),
    );

    expect(await screen.findByText(creditListEmptyTexts.pending)).toBeTruthy();
    expect(screen.queryByText(creditListEmptyTexts.all)).toBeNull();

    show('approved');
    const approved = await screen.findByRole('table', { name: creditAdminTexts.heading });
    expect(within(approved).getByText(creditAdminTexts.approvedWith('$5,000.00'))).toBeTruthy();
    expect(
      within(approved).queryByRole('button', { name: creditAdminTexts.approveLabel('Rapid Couriers') }),
    ).toBeNull();

    show('declined');
    expect(await screen.findByText(creditListEmptyTexts.declined)).toBeTruthy();

    show('');
    const all = await screen.findByRole('table', { name: creditAdminTexts.heading });
    expect(within(all).getByText(creditAdminTexts.approvedWith('$5,000.00'))).toBeTruthy();
  });

  it('says "No credit applications yet" only when there are none at all', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    mockApi({ 'GET /api/credit-applications': () => jsonResponse({ items: [], next: null }) });
    renderWithProviders(<CreditApplicationsAdmin />);

    expect(await screen.findByText(creditListEmptyTexts.pending)).toBeTruthy();
    show('');
    expect(await screen.findByText(creditListEmptyTexts.all)).toBeTruthy();
  });
});

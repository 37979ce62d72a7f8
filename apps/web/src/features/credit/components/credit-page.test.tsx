import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditApplication, CreditStatus } from '@pitstop/core/credit';
import { creditPageTexts } from '@pitstop/core/credit-texts';
import { creditTexts, messages } from '@pitstop/core/messages';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { CreditPage } from './credit-page';

const APPLICATION: CreditApplication = {
  id: '20000000-0000-4000-8000-000000000001',
  userId: 'u1',
  businessName: 'Rapid Couriers LLC',
  contactName: 'Dana Fleet',
  email: 'dana@pitstop.com',
  phone: '(415) 555-0199',
  ein: '12-3456789',
  yearsInBusiness: 6,
  requestedLimit: 5000,
  status: 'pending',
  approvedLimit: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
};

function renderPage(status: CreditStatus, routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'rider-key');
  let current = status;
  const api = mockApi({
    'GET /api/credit': () => jsonResponse(current),
    ...routes,
  });
  renderWithProviders(<CreditPage email="dana@pitstop.com" />);
  return { api, setStatus: (next: CreditStatus) => (current = next) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fillValid() {
  fireEvent.change(field(creditPageTexts.businessName), { target: { value: 'Rapid Couriers LLC' } });
  fireEvent.change(field(creditPageTexts.contactName), { target: { value: 'Dana Fleet' } });
  fireEvent.change(field(creditPageTexts.phone), { target: { value: '(415) 555-0199' } });
  fireEvent.change(field(creditPageTexts.ein), { target: { value: '12-3456789' } });
  fireEvent.change(field(creditPageTexts.yearsInBusiness), { target: { value: '6' } });
  fireEvent.change(field(creditPageTexts.requestedLimit), { target: { value: '5,000' } });
}

describe('CreditPage', () => {
  it('checks the fields as the server does and sends nothing while one is wrong', async () => {
    const { api } = renderPage({ application: null, account: null });
    await screen.findByRole('form', { name: creditPageTexts.heading });
    expect(field(creditPageTexts.email).value).toBe('dana@pitstop.com');
    fillValid();
    fireEvent.change(field(creditPageTexts.ein), { target: { value: '12-34567' } });
    fireEvent.change(field(creditPageTexts.requestedLimit), { target: { value: '50' } });
    fireEvent.change(field(creditPageTexts.email), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: creditPageTexts.submit }));

    await waitFor(() => expect(errorTextFor(field(creditPageTexts.ein))).toBe(creditTexts.einInvalid));
    expect(errorTextFor(field(creditPageTexts.requestedLimit))).toBe(creditTexts.requestedLimitInvalid);
    expect(errorTextFor(field(creditPageTexts.email))).toBe(messages.emailRequired);
    expect(api.callsTo('POST /api/credit-applications')).toHaveLength(0);
  });

  it('sends a valid application, says so, and then shows it under review', async () => {
    const { api, setStatus } = renderPage(
      { application: null, account: null },
      {
        'POST /api/credit-applications': () => {
          setStatus({ application: APPLICATION, account: null });
          return jsonResponse(APPLICATION, { status: 201 });
        },
      },
    );
    await screen.findByRole('form', { name: creditPageTexts.heading });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: creditPageTexts.submit }));

    expect(await screen.findByRole('heading', { name: creditPageTexts.pendingHeading })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(creditPageTexts.submitted);
    const [call] = api.callsTo('POST /api/credit-applications');
    expect(jsonBodyOf(call?.init)).toEqual({
      businessName: 'Rapid Couriers LLC',
      contactName: 'Dana Fleet',
      email: 'dana@pitstop.com',
      phone: '(415) 555-0199',
      ein: '12-3456789',
      yearsInBusiness: 6,
      requestedLimit: 5000,
    });
  });

  it('puts a field the server refused under that field', async () => {
    renderPage(
      { application: null, account: null },
      {
        'POST /api/credit-applications': () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: creditTexts.einInvalid,
              errors: [{ field: 'ein', message: creditTexts.einInvalid }],
            }),
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          ),
      },
    );
    await screen.findByRole('form', { name: creditPageTexts.heading });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: creditPageTexts.submit }));
    await waitFor(() => expect(errorTextFor(field(creditPageTexts.ein))).toBe(creditTexts.einInvalid));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an approved customer their limit and what is left, without the form', async () => {
    renderPage({
      application: { ...APPLICATION, status: 'approved', approvedLimit: 2500 },
      account: { limit: 2500, used: 400, remaining: 2100 },
    });
    expect(await screen.findByText(creditPageTexts.approvedText('$2,500.00', '$2,100.00'))).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

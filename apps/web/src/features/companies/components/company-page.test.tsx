import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import type { Company, MyCompany } from '@pitstop/core/companies';
import { companyTexts } from '@pitstop/core/companies-texts';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, mockConfirm } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { CompanyPage } from './company-page';
import { JoinPage } from './join-page';

const BILLING = {
  name: 'Rapid Couriers',
  street: '500 Howard St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '(415) 555-0134',
};

const COMPANY: Company = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Rapid Couriers LLC',
  taxId: '12-3456789',
  billingAddress: BILLING,
  poRequired: false,
  taxExempt: false,
  role: 'owner',
  orderLimit: null,
  members: [
    {
      userId: 'owner',
      name: 'Olive Owner',
      email: 'olive@example.com',
      role: 'owner',
      orderLimit: null,
      since: '2026-11-20T10:00:00.000Z',
    },
    {
      userId: 'buyer',
      name: 'Bea Buyer',
      email: 'bea@example.com',
      role: 'buyer',
      orderLimit: 500,
      since: '2026-11-21T10:00:00.000Z',
    },
  ],
  invitations: [],
  addresses: [],
  credit: { limit: 10000, used: 250, remaining: 9750 },
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderPage(start: MyCompany, routes: Parameters<typeof mockApi>[0] = {}, me = 'owner') {
  window.localStorage.setItem('accessToken', 'rider-key');
  let current = start;
  const api = mockApi({
    'GET /api/company': () => jsonResponse(current),
    'GET /api/company/orders': () => jsonResponse({ orders: [] }),
    ...routes,
  });
  renderWithProviders(<CompanyPage myUserId={me} />);
  return { api, set: (next: MyCompany) => (current = next) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('CompanyPage', () => {
  it('offers to make a company, checks the fields first, then shows it', async () => {
    const { api, set } = renderPage(
      { company: null },
      {
        'POST /api/company': () => {
          set({ company: COMPANY });
          return jsonResponse(COMPANY, { status: 201 });
        },
      },
    );
    await screen.findByRole('form', { name: companyTexts.createTitle });
    fireEvent.click(screen.getByRole('button', { name: companyTexts.createButton }));
    await waitFor(() => expect(errorTextFor(field(companyTexts.name))).toBe(companyTexts.nameRequired));
    expect(api.callsTo('POST /api/company')).toHaveLength(0);

    fireEvent.change(field(companyTexts.name), { target: { value: 'Rapid Couriers LLC' } });
    fireEvent.change(field(companyTexts.taxId), { target: { value: '12-3456789' } });
    fireEvent.change(field(checkoutTexts.fullName), { target: { value: BILLING.name } });
    fireEvent.change(field(checkoutTexts.street), { target: { value: BILLING.street } });
    fireEvent.change(field(checkoutTexts.city), { target: { value: BILLING.city } });
    fireEvent.change(field(checkoutTexts.state), { target: { value: BILLING.state } });
    fireEvent.change(field(checkoutTexts.zip), { target: { value: BILLING.zip } });
    fireEvent.change(field(checkoutTexts.phone), { target: { value: BILLING.phone } });
    fireEvent.click(screen.getByRole('button', { name: companyTexts.createButton }));

    expect(await screen.findByRole('heading', { name: COMPANY.name })).toBeTruthy();
    expect(jsonBodyOf(api.callsTo('POST /api/company')[0]!.init)).toMatchObject({
      name: 'Rapid Couriers LLC',
      taxId: '12-3456789',
      billingAddress: { city: 'San Francisco', state: 'CA' },
      poRequired: false,
    });
    expect(screen.getByText(companyTexts.creditLine('$9,750.00', '$10,000.00'))).toBeTruthy();
  });

  it('lets the owner invite a buyer with a limit, and remove a member after confirming', async () => {
    const confirm = mockConfirm(true);
    const { api, set } = renderPage(
      { company: COMPANY },
      {
        'POST /api/company/invitations': () =>
          jsonResponse(
            {
              id: 'i1',
              email: 'new@example.com',
              role: 'buyer',
              orderLimit: 750,
              expiresAt: '2026-12-10T00:00:00.000Z',
              createdAt: '2026-11-26T00:00:00.000Z',
            },
            { status: 201 },
          ),
        'DELETE /api/company/members/buyer': () => {
          set({ company: { ...COMPANY, members: COMPANY.members.slice(0, 1) } });
          return new Response(null, { status: 204 });
        },
      },
    );
    const form = await screen.findByRole('form', { name: companyTexts.invite });
    fireEvent.change(within(form).getByLabelText(companyTexts.inviteEmail), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(within(form).getByLabelText(companyTexts.inviteLimit), { target: { value: '750' } });
    fireEvent.click(within(form).getByRole('button', { name: companyTexts.sendInvite }));
    expect(await screen.findByText(companyTexts.invited('new@example.com'))).toBeTruthy();
    expect(jsonBodyOf(api.callsTo('POST /api/company/invitations')[0]!.init)).toEqual({
      email: 'new@example.com',
      role: 'buyer',
      orderLimit: 750,
    });

    fireEvent.click(screen.getByRole('button', { name: `${companyTexts.removeMember} Bea Buyer` }));
    expect(confirm).toHaveBeenCalledWith(companyTexts.removeConfirm('Bea Buyer'));
    expect(await screen.findByText(companyTexts.removed('Bea Buyer'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('bea@example.com')).toBeNull());
  });

  it('shows a buyer their limit and no member management', async () => {
    renderPage({ company: { ...COMPANY, role: 'buyer', orderLimit: 500 } }, {}, 'buyer');
    await screen.findByRole('heading', { name: COMPANY.name });
    expect(screen.getByText(/Your role: Buyer/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: companyTexts.invite })).toBeNull();
    expect(screen.queryByRole('button', { name: companyTexts.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByRole('link', { name: companyTexts.quickOrderLink }).getAttribute('href')).toBe(
      '/quick-order',
    );
    expect(screen.queryByRole('link', { name: companyTexts.approvalsLink })).toBeNull();
  });
});

describe('JoinPage', () => {
  const PREVIEW = {
    companyName: 'Bayside Couriers',
    role: 'buyer',
    email: 'bea@example.com',
    expiresAt: '2026-12-10T00:00:00.000Z',
  };

  it('signed out: names the company and role and sends to sign-in and back', async () => {
    mockApi({ 'GET /api/company/invitations/tok123': () => jsonResponse(PREVIEW) });
    renderWithProviders(<JoinPage token="tok123" />);
    expect(await screen.findByText(companyTexts.joinLead('Bayside Couriers', 'buyer'))).toBeTruthy();
    expect(screen.getByRole('link', { name: companyTexts.signIn }).getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent('/company/join/tok123')}`,
    );
    expect(screen.queryByRole('button', { name: companyTexts.accept })).toBeNull();
  });

  it('signed in: accepts, or shows the server’s refusal', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    let refuse = true;
    mockApi({
      'GET /api/company/invitations/tok123': () => jsonResponse(PREVIEW),
      'POST /api/company/invitations/tok123/accept': () =>
        refuse
          ? problemResponse(403, 'Forbidden', companyTexts.invitationOtherEmail('bea@example.com'))
          : jsonResponse({ ...COMPANY, name: 'Bayside Couriers', role: 'buyer' }),
    });
    renderWithProviders(<JoinPage token="tok123" />);
    fireEvent.click(await screen.findByRole('button', { name: companyTexts.accept }));
    expect(await screen.findByText(companyTexts.invitationOtherEmail('bea@example.com'))).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: companyTexts.accept }));
    expect(await screen.findByText(companyTexts.joined('Bayside Couriers'))).toBeTruthy();
    expect(screen.getByRole('link', { name: companyTexts.goToCompany }).getAttribute('href')).toBe(
      '/company',
    );
  });

  it('an unknown or used link says so', async () => {
    mockApi({
      'GET /api/company/invitations/gone': () =>
        problemResponse(409, 'Conflict', companyTexts.invitationUsed),
    });
    renderWithProviders(<JoinPage token="gone" />);
    expect(await screen.findByText(companyTexts.invitationUsed)).toBeTruthy();
  });
});

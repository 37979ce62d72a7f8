import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice, Statement } from '@pitstop/core/invoices';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import { mockApi } from '@/testing/api';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { StatementsPage } from './statements-page';

const OCTOBER: Statement = {
  id: '50000000-0000-4000-8000-000000000001',
  month: '2026-10-01',
  openingBalance: 300,
  charges: 120,
  payments: 20,
  closingBalance: 400,
  overdue: 280,
  createdAt: '2026-11-01T00:05:00.000Z',
};

const INVOICE: Invoice = {
  id: '30000000-0000-4000-8000-000000000001',
  number: 'INV-2026-000007',
  orderId: '40000000-0000-4000-8000-000000000001',
  orderNumber: 'PS-10007',
  companyName: 'Bayside Couriers',
  customerName: 'Dana Fleet',
  email: 'dana@example.com',
  poNumber: 'PO-1',
  paymentMethod: 'account',
  issuedAt: '2026-10-01T10:00:00.000Z',
  dueAt: '2026-10-31T10:00:00.000Z',
  total: 120,
  paid: 20,
  owed: 100,
  overdue: true,
  cancelled: false,
};

describe('StatementsPage', () => {
  it('lists the statements with their downloads and the company’s invoices', async () => {
    window.localStorage.setItem('accessToken', 'accounts-key');
    mockApi({
      'GET /api/company/statements': () => jsonResponse([OCTOBER]),
      'GET /api/company/invoices': () => jsonResponse([INVOICE]),
    });
    renderWithProviders(<StatementsPage />);
    expect(await screen.findByText('October 2026')).toBeTruthy();
    expect(screen.getByText('$400.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: statementTexts.downloadPdf('October 2026') })).toBeTruthy();
    expect(screen.getByRole('button', { name: statementTexts.downloadCsv('October 2026') })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: invoiceTexts.downloadInvoice(INVOICE.number) }),
    ).toBeTruthy();
    expect(screen.getByText(`2026-10-31 · ${invoiceTexts.overdue}`)).toBeTruthy();
  });

  it('tells a buyer statements are not theirs', async () => {
    window.localStorage.setItem('accessToken', 'buyer-key');
    const api = mockApi({
      'GET /api/company/statements': () => problemResponse(403, 'Forbidden', statementTexts.forbidden),
    });
    renderWithProviders(<StatementsPage />);
    expect(await screen.findByText(statementTexts.forbidden)).toBeTruthy();
    expect(api.callsTo('GET /api/company/invoices')).toHaveLength(0);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { InvoicesAdmin } from './invoices-admin';

const invoice = (over: Partial<Invoice>): Invoice => ({
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
  ...over,
});

const OPEN = invoice({});
const CARD = invoice({
  id: '30000000-0000-4000-8000-000000000002',
  number: 'INV-2026-000008',
  paymentMethod: 'card',
  dueAt: null,
  overdue: false,
  companyName: null,
});

describe('InvoicesAdmin', () => {
  it('lists invoices with paid and owed, refuses more than is owed, and records a payment', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    let list = [OPEN, CARD];
    const api = mockApi({
      'GET /api/admin/invoices': () =>
        jsonResponse(list, { headers: { 'x-total-count': String(list.length) } }),
      [`POST /api/admin/invoices/${OPEN.id}/payments`]: (_url, init) => {
        const body = jsonBodyOf(init) as { amount: string };
        if (Number(body.amount) > 100) {
          return jsonResponse(
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: invoiceTexts.amountAboveOwed(100),
              errors: [{ field: 'amount', message: invoiceTexts.amountAboveOwed(100) }],
            },
            { status: 400 },
          );
        }
        const paid = { ...OPEN, paid: 120, owed: 0, overdue: false };
        list = [paid, CARD];
        return jsonResponse(
          {
            invoice: paid,
            payment: {
              id: 'p1',
              amount: 100,
              method: 'cheque',
              reference: null,
              receivedOn: '2026-11-01',
              createdAt: '',
            },
          },
          { status: 201 },
        );
      },
    });
    renderWithProviders(<InvoicesAdmin />);

    const row = (await screen.findByText(OPEN.number)).closest('tr')!;
    expect(within(row).getByText('$100.00')).toBeTruthy();
    expect(within(row).getByText(`2026-10-31 · ${invoiceTexts.overdue}`)).toBeTruthy();
    // A card invoice is paid by its card: no payment to record.
    const cardRow = screen.getByText(CARD.number).closest('tr')!;
    expect(
      within(cardRow).queryByRole('button', { name: invoiceTexts.recordPaymentFor(CARD.number) }),
    ).toBeNull();
    expect(within(cardRow).getByText(invoiceTexts.dueOnReceipt)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: invoiceTexts.recordPaymentFor(OPEN.number) }));
    const amount = screen.getByLabelText(invoiceTexts.amount);
    expect((amount as HTMLInputElement).value).toBe('100.00');
    // Checked before sending.
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: invoiceTexts.save }));
    expect(await screen.findByText(invoiceTexts.amountPositive)).toBeTruthy();
    expect(api.callsTo(`POST /api/admin/invoices/${OPEN.id}/payments`)).toHaveLength(0);
    // The server's refusal shows under the field.
    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: invoiceTexts.save }));
    expect(await screen.findByText(invoiceTexts.amountAboveOwed(100))).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText(invoiceTexts.method), { target: { value: 'cheque' } });
    fireEvent.click(screen.getByRole('button', { name: invoiceTexts.save }));
    expect(await screen.findByText(invoiceTexts.recorded(100, OPEN.number))).toBeTruthy();
    const sent = jsonBodyOf(api.callsTo(`POST /api/admin/invoices/${OPEN.id}/payments`).at(-1)!.init);
    expect(sent).toMatchObject({ amount: '100', method: 'cheque' });
    await waitFor(() =>
      expect(
        within(screen.getByText(OPEN.number).closest('tr')!).getByText(invoiceTexts.paidInFull),
      ).toBeTruthy(),
    );
  });
});

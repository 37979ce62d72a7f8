import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Approval } from '@pitstop/core/approvals';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { ApprovalsQueue } from './approvals-queue';

const waiting = (orderId: string, orderNumber: string, total: number): Approval => ({
  orderId,
  orderNumber,
  status: 'pending',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-11-27T11:00:00.000Z',
  buyer: { id: 'u-bea', name: 'Bea Buyer', email: 'bea@bayside.example' },
  limit: 500,
  subtotal: total,
  discount: 0,
  tax: 0,
  total,
  poNumber: 'PO-7781',
  paymentMethod: 'account',
  lines: [
    {
      lineId: `l-${orderId}`,
      partId: 'p-1',
      partNumber: 'BP-1001',
      name: 'Sintered brake pads',
      unitPrice: total / 4,
      quantity: 4,
      total,
      listPrice: null,
      discount: 0,
    },
  ],
});

const A = waiting('30000000-0000-4000-8000-00000000000a', 'PS-10481', 640);
const B = waiting('30000000-0000-4000-8000-00000000000b', 'PS-10482', 920);

function renderQueue(overrides: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'approver-key');
  let items = [A, B];
  const api = mockApi({
    'GET /api/company/approvals': () => jsonResponse({ items }),
    [`POST /api/company/approvals/${A.orderId}/approve`]: () => {
      items = items.filter((i) => i.orderId !== A.orderId);
      return jsonResponse({ _id: A.orderId, status: 'on_account' });
    },
    [`POST /api/company/approvals/${B.orderId}/decline`]: () => {
      items = items.filter((i) => i.orderId !== B.orderId);
      return jsonResponse({ _id: B.orderId, status: 'cancelled' });
    },
    ...overrides,
  });
  renderWithProviders(<ApprovalsQueue />);
  return api;
}

describe('ApprovalsQueue', () => {
  it('shows each waiting order with its buyer, limit, PO number, lines and total', async () => {
    renderQueue();
    const card = (await screen.findByRole('heading', { name: 'PS-10481' })).closest('article');
    expect(card).not.toBeNull();
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('Bea Buyer (bea@bayside.example)')).toBeTruthy();
    expect(inCard.getByText('$500.00')).toBeTruthy();
    expect(inCard.getByText('PO-7781')).toBeTruthy();
    expect(inCard.getByRole('table', { name: approvalsTexts.linesCaption('PS-10481') })).toBeTruthy();
    expect(inCard.getAllByText('$640.00').length).toBeGreaterThan(0);
    expect(inCard.getByText(approvalsTexts.paymentAccount)).toBeTruthy();
  });

  it('approves an order: it leaves the queue and the page says so', async () => {
    const api = renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: approvalsTexts.approveLabel('PS-10481') }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(approvalsTexts.approved('PS-10481')),
    );
    expect(api.callsTo(`POST /api/company/approvals/${A.orderId}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'PS-10481' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'PS-10482' })).toBeTruthy();
  });

  it('declines only with a reason, which it sends', async () => {
    const api = renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: approvalsTexts.declineLabel('PS-10482') }));
    const reason = screen.getByLabelText(approvalsTexts.reasonFor('PS-10482'));
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.click(screen.getByRole('button', { name: approvalsTexts.confirmDecline }));
    expect((await screen.findByRole('alert')).textContent).toBe(approvalsTexts.reasonRequired);
    expect(api.callsTo(`POST /api/company/approvals/${B.orderId}/decline`)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'Use the depot’s stock' } });
    fireEvent.click(screen.getByRole('button', { name: approvalsTexts.confirmDecline }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(approvalsTexts.declined('PS-10482')),
    );
    const [call] = api.callsTo(`POST /api/company/approvals/${B.orderId}/decline`);
    expect(jsonBodyOf(call?.init)).toEqual({ reason: 'Use the depot’s stock' });
  });

  it('says what the server refused (decided by another approver meanwhile)', async () => {
    renderQueue({
      [`POST /api/company/approvals/${A.orderId}/approve`]: () =>
        problemResponse(409, 'Conflict', approvalsTexts.alreadyDecided('approved')),
    });
    fireEvent.click(await screen.findByRole('button', { name: approvalsTexts.approveLabel('PS-10481') }));
    expect((await screen.findByRole('alert')).textContent).toBe(approvalsTexts.alreadyDecided('approved'));
  });

  it('tells a member who is not an approver that the page is not for them', async () => {
    renderQueue({
      'GET /api/company/approvals': () => problemResponse(403, 'Forbidden', approvalsTexts.onlyApprovers),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(approvalsTexts.notAllowed);
  });
});

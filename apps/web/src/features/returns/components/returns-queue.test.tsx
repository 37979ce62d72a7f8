import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { returnActionTexts, returnQueueTexts } from '@pitstop/core/return-texts';
import { returnTexts, type ReturnQueueItem } from '@pitstop/core/returns';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ReturnsQueue } from './returns-queue';

const item = (n: number, overrides: Partial<ReturnQueueItem> = {}): ReturnQueueItem => ({
  id: `50000000-0000-4000-8000-00000000000${n}`,
  label: `PS-1048${n}-R1`,
  orderNumber: `PS-1048${n}`,
  status: 'requested',
  reason: 'wrong_part',
  note: 'Rear pads, not front.',
  photos: [`/uploads/${String(n).repeat(64)}-8x8.webp`],
  declineReason: null,
  restocked: null,
  refund: 26.28,
  refundTax: 1.78,
  lines: [{ lineId: `l${n}`, name: 'Brake pads', partNumber: 'BP-1', quantity: 1 }],
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
  refundedAt: null,
  customer: { name: 'Asha Rider', email: 'asha@example.com' },
  ...overrides,
});

const REQUESTED = item(1);
const APPROVED = item(2, { status: 'approved', reason: 'damaged', refund: 52.55 });

function renderQueue(routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'admin-key');
  let list = [REQUESTED, APPROVED];
  const update = (id: string, changes: Partial<ReturnQueueItem>) => {
    list = list.map((r) => (r.id === id ? { ...r, ...changes } : r));
    return jsonResponse(list.find((r) => r.id === id));
  };
  const api = mockApi({
    'GET /api/returns': (url) => {
      const status = url.searchParams.get('status');
      return jsonResponse(status ? list.filter((r) => r.status === status) : list);
    },
    [`POST /api/returns/${REQUESTED.id}/approve`]: () => update(REQUESTED.id, { status: 'approved' }),
    [`POST /api/returns/${REQUESTED.id}/decline`]: (_url, init) =>
      update(REQUESTED.id, {
        status: 'declined',
        refund: null,
        declineReason: (jsonBodyOf(init) as { reason: string }).reason,
      }),
    [`POST /api/returns/${APPROVED.id}/receive`]: (_url, init) =>
      update(APPROVED.id, {
        status: 'refunded',
        restocked: (jsonBodyOf(init) as { restock: boolean }).restock,
      }),
    ...routes,
  });
  renderWithProviders(<ReturnsQueue />);
  return api;
}

const rowOf = async (label: string) => {
  const table = await screen.findByRole('table', { name: returnQueueTexts.heading });
  const cell = within(table).getByText(label);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return row;
};

describe('ReturnsQueue', () => {
  it('lists each return with its order page, customer, parts, reason, photos and refund', async () => {
    renderQueue();
    const row = await rowOf(REQUESTED.label);
    expect(
      within(row)
        .getByRole('link', { name: returnQueueTexts.orderLink('PS-10481') })
        .getAttribute('href'),
    ).toBe('/dashboard/orders/PS-10481');
    expect(within(row).getByText('asha@example.com')).toBeTruthy();
    expect(within(row).getByText('Brake pads × 1')).toBeTruthy();
    expect(within(row).getByText('Wrong part')).toBeTruthy();
    expect(within(row).getByText('Rear pads, not front.')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Photo 1 (opens in a new tab)' }).getAttribute('href')).toBe(
      REQUESTED.photos[0],
    );
    expect(within(row).getByText('Refund: $26.28')).toBeTruthy();
  });

  it('filters by status', async () => {
    const api = renderQueue();
    await rowOf(REQUESTED.label);
    fireEvent.change(screen.getByLabelText(returnQueueTexts.filterLabel), { target: { value: 'approved' } });
    expect(await screen.findByText(APPROVED.label)).toBeTruthy();
    expect(screen.queryByText(REQUESTED.label)).toBeNull();
    expect(api.callsTo('GET /api/returns').at(-1)?.url.searchParams.get('status')).toBe('approved');
  });

  it('approves a requested return and says so', async () => {
    const api = renderQueue();
    const row = await rowOf(REQUESTED.label);
    fireEvent.click(
      within(row).getByRole('button', { name: returnActionTexts.approveLabel(REQUESTED.label) }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(returnActionTexts.approved(REQUESTED.label)),
    );
    expect(api.callsTo(`POST /api/returns/${REQUESTED.id}/approve`)).toHaveLength(1);
    expect(document.activeElement?.contains(screen.getByRole('status'))).toBe(true);
    // The list is asked again: the return now waits for its parcel.
    const again = await rowOf(REQUESTED.label);
    expect(
      await within(again).findByRole('button', { name: returnActionTexts.receiveLabel(REQUESTED.label) }),
    ).toBeTruthy();
  });

  it('asks why before declining, and sends the reason', async () => {
    const api = renderQueue();
    const row = await rowOf(REQUESTED.label);
    fireEvent.click(
      within(row).getByRole('button', { name: returnActionTexts.declineLabel(REQUESTED.label) }),
    );
    const reason = within(row).getByLabelText(returnActionTexts.declineReason(REQUESTED.label));
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(row).getByRole('button', { name: returnActionTexts.declineConfirm }));
    expect(within(row).getByRole('alert').textContent).toBe(returnTexts.declineReasonRequired);
    expect(api.callsTo(`POST /api/returns/${REQUESTED.id}/decline`)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'The pads were fitted and used.' } });
    fireEvent.click(within(row).getByRole('button', { name: returnActionTexts.declineConfirm }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(returnActionTexts.declined(REQUESTED.label)),
    );
    const [call] = api.callsTo(`POST /api/returns/${REQUESTED.id}/decline`);
    expect(jsonBodyOf(call?.init)).toEqual({ reason: 'The pads were fitted and used.' });
    expect(await screen.findByText('The pads were fitted and used.')).toBeTruthy();
  });

  it('cancelling the decline puts focus back on its button', async () => {
    renderQueue();
    const row = await rowOf(REQUESTED.label);
    fireEvent.click(
      within(row).getByRole('button', { name: returnActionTexts.declineLabel(REQUESTED.label) }),
    );
    fireEvent.click(within(row).getByRole('button', { name: returnActionTexts.cancel }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(row).getByRole('button', { name: returnActionTexts.declineLabel(REQUESTED.label) }),
      ),
    );
  });

  it('marks an approved return received, asking whether its parts go back on sale', async () => {
    const api = renderQueue();
    const row = await rowOf(APPROVED.label);
    fireEvent.click(
      within(row).getByRole('button', { name: returnActionTexts.receiveLabel(APPROVED.label) }),
    );
    const confirm = within(row).getByRole('button', { name: returnActionTexts.receiveConfirm('$52.55') });
    fireEvent.click(confirm);
    expect(within(row).getByRole('alert').textContent).toBe(returnTexts.restockRequired);
    expect(api.callsTo(`POST /api/returns/${APPROVED.id}/receive`)).toHaveLength(0);

    fireEvent.click(within(row).getByLabelText(returnActionTexts.restockNo));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        returnActionTexts.received(APPROVED.label, '$52.55'),
      ),
    );
    const [call] = api.callsTo(`POST /api/returns/${APPROVED.id}/receive`);
    expect(jsonBodyOf(call?.init)).toEqual({ restock: false });
    expect(await screen.findByText('Refunded: $52.55')).toBeTruthy();
  });

  it('shows why the server refused (the provider said no), and keeps the choice', async () => {
    renderQueue({
      [`POST /api/returns/${APPROVED.id}/receive`]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Payment Required',
            status: 402,
            detail: returnTexts.refundFailed('This charge is disputed.'),
          }),
          { status: 402, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const row = await rowOf(APPROVED.label);
    fireEvent.click(
      within(row).getByRole('button', { name: returnActionTexts.receiveLabel(APPROVED.label) }),
    );
    fireEvent.click(within(row).getByLabelText(returnActionTexts.restockYes));
    fireEvent.click(within(row).getByRole('button', { name: returnActionTexts.receiveConfirm('$52.55') }));
    expect((await within(row).findByRole('alert')).textContent).toBe(
      returnTexts.refundFailed('This charge is disputed.'),
    );
    expect((within(row).getByLabelText(returnActionTexts.restockYes) as HTMLInputElement).checked).toBe(true);
  });
});

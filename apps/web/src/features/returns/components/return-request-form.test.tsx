import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail, Return } from '@pitstop/core/order-detail';
import { returnFormTexts } from '@pitstop/core/return-texts';
import { returnTexts } from '@pitstop/core/returns';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, pickFiles } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { ReturnRequestForm } from './return-request-form';

const PADS = '30000000-0000-4000-8000-000000000001';
const CHAIN = '30000000-0000-4000-8000-000000000002';
const LEVER = '30000000-0000-4000-8000-000000000003';
const UPLOADED = `/uploads/${'c'.repeat(64)}-8x8.webp`;

const line = (lineId: string, name: string, quantity: number, shipped: number, returned: number) => ({
  lineId,
  partId: null,
  partNumber: `PN-${name.length}`,
  name,
  unitPrice: 10,
  quantity,
  total: 10 * quantity,
  shipped,
  returned,
});

/** Delivered: 3 pads (1 already in a return), 1 chain, and a lever whose one unit went back. */
const ORDER: Pick<OrderDetail, 'orderNumber' | 'lines' | 'returnableUntil'> = {
  orderNumber: 'PS-10482',
  returnableUntil: '2026-12-20T10:00:00.000Z',
  lines: [
    line(PADS, 'Brake pads', 3, 3, 1),
    line(CHAIN, 'Drive chain', 1, 1, 0),
    line(LEVER, 'Clutch lever', 1, 1, 1),
  ],
};

const CREATED: Return = {
  id: '50000000-0000-4000-8000-000000000001',
  label: 'PS-10482-R2',
  orderNumber: 'PS-10482',
  status: 'requested',
  reason: 'wrong_part',
  note: '',
  photos: [],
  declineReason: null,
  restocked: null,
  refund: 21.45,
  refundTax: 1.45,
  lines: [],
  requestedAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  receivedAt: null,
  refundedAt: null,
};

function renderForm(routes: Parameters<typeof mockApi>[0] = {}) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    'POST /api/orders/PS-10482/returns': () => jsonResponse(CREATED, { status: 201 }),
    ...routes,
  });
  const onRequested = vi.fn();
  const onChanged = vi.fn();
  renderWithProviders(<ReturnRequestForm order={ORDER} onRequested={onRequested} onChanged={onChanged} />);
  return { api, onRequested, onChanged };
}

const quantityOf = (name: string) =>
  screen.getByRole('spinbutton', { name: (accessible) => accessible.includes(name) });
const submit = () => fireEvent.click(screen.getByRole('button', { name: returnFormTexts.submit }));

describe('ReturnRequestForm', () => {
  it('offers only what is left to return of each line, up to that many', () => {
    renderForm();
    expect(quantityOf('Brake pads').getAttribute('max')).toBe('2');
    expect(screen.getByText(returnFormTexts.quantityHint(2))).toBeTruthy();
    expect(quantityOf('Drive chain').getAttribute('max')).toBe('1');
    // The lever's one unit is already in a return: nothing to ask for.
    expect(screen.queryByRole('spinbutton', { name: /Clutch lever/ })).toBeNull();
    expect(screen.getByText(returnFormTexts.intro('Dec 20, 2026'))).toBeTruthy();
    expect(screen.getByRole('link', { name: returnFormTexts.policyLink }).getAttribute('href')).toBe(
      '/returns',
    );
  });

  it('asks for a part and a reason before sending anything', async () => {
    const { api } = renderForm();
    submit();
    expect(await screen.findByText(returnTexts.linesRequired)).toBeTruthy();
    expect(screen.getByText(returnTexts.reasonRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/orders/PS-10482/returns')).toHaveLength(0);
  });

  it('says so when no part is chosen, whatever the lines’ ids look like', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({});
    const order = {
      ...ORDER,
      lines: [line('b0000000-0000-4000-8000-000000000001', 'Brake pads', 1, 1, 0)],
    };
    renderWithProviders(<ReturnRequestForm order={order} onRequested={vi.fn()} />);
    fireEvent.click(screen.getByLabelText('Damaged'));
    submit();
    expect(await screen.findByText(returnTexts.linesRequired)).toBeTruthy();
  });

  it('refuses more units than are left to return, under that line', async () => {
    const { api } = renderForm();
    fireEvent.change(quantityOf('Brake pads'), { target: { value: '3' } });
    fireEvent.change(quantityOf('Drive chain'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('Damaged'));
    submit();
    await waitFor(() =>
      expect(errorTextFor(quantityOf('Brake pads'))).toBe(returnTexts.quantityOverReturnable(2)),
    );
    expect(errorTextFor(quantityOf('Drive chain'))).toBeNull();
    expect(quantityOf('Brake pads').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/orders/PS-10482/returns')).toHaveLength(0);
  });

  it('sends the chosen lines, reason, note and uploaded photo, then says it is done', async () => {
    const { api, onRequested, onChanged } = renderForm({
      'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
    });
    fireEvent.change(quantityOf('Brake pads'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Wrong part'));
    fireEvent.change(screen.getByLabelText(returnFormTexts.noteLabel), {
      target: { value: '  Front pads, not rear.  ' },
    });
    pickFiles(screen.getByLabelText(returnFormTexts.photosLabel), [
      new File(['png'], 'pads.png', { type: 'image/png' }),
    ]);
    const thumbnail = await screen.findByRole('img', { name: returnFormTexts.photoAlt(1) });
    expect(thumbnail.getAttribute('src')).toBe(UPLOADED);
    submit();

    await waitFor(() => expect(onRequested).toHaveBeenCalledWith(CREATED));
    expect(onChanged).toHaveBeenCalled();
    const [call] = api.callsTo('POST /api/orders/PS-10482/returns');
    expect(jsonBodyOf(call?.init)).toEqual({
      lines: [{ lineId: PADS, quantity: 2 }],
      reason: 'wrong_part',
      note: 'Front pads, not rear.',
      photos: [UPLOADED],
    });
  });

  it('a photo can be removed again, and a file that is no picture is refused before uploading', async () => {
    const { api } = renderForm({
      'POST /api/uploads': () => jsonResponse({ success: true, data: { url: UPLOADED } }),
    });
    const picker = screen.getByLabelText(returnFormTexts.photosLabel);
    pickFiles(picker, [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image')).toBeTruthy();
    expect(api.callsTo('POST /api/uploads')).toHaveLength(0);

    pickFiles(screen.getByLabelText(returnFormTexts.photosLabel), [
      new File(['png'], 'pads.png', { type: 'image/png' }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: returnFormTexts.photoRemove(1) }));
    expect(screen.queryByRole('img', { name: returnFormTexts.photoAlt(1) })).toBeNull();
  });

  it('shows the server’s refusals under the right line, and one about the order above the button', async () => {
    let answer = 0;
    renderForm({
      'POST /api/orders/PS-10482/returns': () =>
        ++answer === 1
          ? new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Bad Request',
                status: 400,
                detail: returnTexts.quantityOverReturnable(1),
                errors: [{ field: 'lines.1.quantity', message: returnTexts.quantityOverReturnable(1) }],
              }),
              { status: 400, headers: { 'content-type': 'application/problem+json' } },
            )
          : new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Conflict',
                status: 409,
                detail: returnTexts.windowClosed('December 20, 2026'),
              }),
              { status: 409, headers: { 'content-type': 'application/problem+json' } },
            ),
    });
    fireEvent.change(quantityOf('Brake pads'), { target: { value: '1' } });
    fireEvent.change(quantityOf('Drive chain'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('Changed my mind'));
    submit();
    // lines.1 is the second line sent: the chain.
    await waitFor(() =>
      expect(errorTextFor(quantityOf('Drive chain'))).toBe(returnTexts.quantityOverReturnable(1)),
    );
    expect(errorTextFor(quantityOf('Brake pads'))).toBeNull();
    expect(document.activeElement).toBe(quantityOf('Drive chain'));

    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      returnTexts.windowClosed('December 20, 2026'),
    );
  });
});

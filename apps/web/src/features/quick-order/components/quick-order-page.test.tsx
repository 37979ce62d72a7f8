import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddCartLinesResult, QuickOrderLine, QuickOrderResult } from '@pitstop/core/quick-order';
import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import { mockApi } from '@/testing/api';
import { jsonBodyOf, pickFiles } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { QuickOrderPage } from './quick-order-page';

const PADS = '11111111-1111-4111-8111-111111111111';

function okLine(overrides: Partial<QuickOrderLine> = {}): QuickOrderLine {
  return {
    line: 1,
    number: '15-9080',
    quantity: 4,
    status: 'ok',
    part: {
      _id: PADS,
      name: 'Front Brake Pads',
      partNumber: '15-9080',
      brand: 'EBC',
      img: '/images/parts/brake-pads.svg',
      unitPrice: 25.99,
      listPrice: 29.99,
      available: 40,
      minquantity: 2,
      stock: 'In stock',
    },
    matchedBy: null,
    lineTotal: 103.96,
    message: null,
    mergedInto: null,
    ...overrides,
  };
}

const RESULT: QuickOrderResult = {
  lines: [
    okLine(),
    {
      line: 2,
      number: 'NOPE-1',
      quantity: 1,
      status: 'error',
      part: null,
      matchedBy: null,
      lineTotal: null,
      message: t.unknownNumber,
      mergedInto: null,
    },
    { ...okLine({ line: 3, status: 'merged', mergedInto: 1, lineTotal: null, message: t.mergedInto(1) }) },
  ],
  headerSkipped: false,
  okLines: 1,
  errorLines: 1,
  total: 103.96,
};

const EMPTY_CART = { items: [], subtotal: 0 };

describe('QuickOrderPage', () => {
  it('checks pasted lines after a pause, shows each line’s part, price or problem, and adds the good ones', async () => {
    const server = mockApi({
      'POST /api/quick-order/resolve': () => jsonResponse(RESULT),
      'POST /api/cart/lines': () =>
        jsonResponse({
          cart: EMPTY_CART,
          added: [{ partId: PADS, name: 'Front Brake Pads', quantity: 4, note: null }],
          refused: [],
        } satisfies AddCartLinesResult),
    });
    renderWithProviders(<QuickOrderPage />, { route: '/quick-order' });
    const box = screen.getByLabelText(t.textLabel);
    fireEvent.change(box, { target: { value: '15-9080, 4\nNOPE-1, 1\n159080' } });

    expect(await screen.findByText(t.summary(1, 1))).toBeTruthy();
    // One request for the whole text, after typing paused.
    expect(server.callsTo('POST /api/quick-order/resolve')).toHaveLength(1);
    expect(jsonBodyOf(server.callsTo('POST /api/quick-order/resolve')[0]?.init)).toEqual({
      text: '15-9080, 4\nNOPE-1, 1\n159080',
    });
    const list = screen.getByRole('list', { name: t.resultsLabel });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Front Brake Pads');
    expect(items[0]!.textContent).toContain('$103.96');
    expect(items[0]!.textContent).toContain('$29.99'); // retail struck through beside the tier price
    expect(items[1]!.textContent).toContain(t.unknownNumber);
    expect(items[2]!.textContent).toContain(t.mergedInto(1));

    fireEvent.click(screen.getByRole('button', { name: t.addAll }));
    expect(await screen.findByText(t.added(1))).toBeTruthy();
    expect(jsonBodyOf(server.callsTo('POST /api/cart/lines')[0]?.init)).toEqual({
      lines: [{ partId: PADS, quantity: 4 }],
    });
    expect(screen.getByRole('link', { name: t.goToCart }).getAttribute('href')).toBe('/cart');
  });

  it('names the lines the cart refused', async () => {
    mockApi({
      'POST /api/quick-order/resolve': () => jsonResponse({ ...RESULT, lines: [okLine()], errorLines: 0 }),
      'POST /api/cart/lines': () =>
        jsonResponse({
          cart: EMPTY_CART,
          added: [],
          refused: [{ partId: PADS, name: 'Front Brake Pads', quantity: 4, message: t.cartFull(50) }],
        } satisfies AddCartLinesResult),
    });
    renderWithProviders(<QuickOrderPage />);
    fireEvent.change(screen.getByLabelText(t.textLabel), { target: { value: '15-9080, 4' } });
    fireEvent.click(await screen.findByRole('button', { name: t.addAll }));
    expect(await screen.findByText(`Front Brake Pads: ${t.cartFull(50)}`)).toBeTruthy();
  });

  it('shows the server’s refusal of the whole text (over 500 lines)', async () => {
    mockApi({
      'POST /api/quick-order/resolve': () => problemResponse(400, 'Bad Request', t.tooManyLines(500, 10_000)),
    });
    renderWithProviders(<QuickOrderPage />);
    fireEvent.change(screen.getByLabelText(t.textLabel), { target: { value: 'A,1\n'.repeat(3) } });
    expect((await screen.findByRole('alert')).textContent).toBe(t.tooManyLines(500, 10_000));
    expect(screen.queryByRole('button', { name: t.addAll })).toBeNull();
  });

  it('uploads a file, shows its lines in the box and their answer', async () => {
    const server = mockApi({ 'POST /api/quick-order/resolve': () => jsonResponse(RESULT) });
    renderWithProviders(<QuickOrderPage />);
    const file = new File(['15-9080, 4\nNOPE-1, 1\n159080'], 'order.csv', { type: 'text/csv' });
    pickFiles(screen.getByLabelText(t.uploadLabel), [file]);
    expect(await screen.findByText(t.summary(1, 1))).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(t.textLabel) as HTMLTextAreaElement).value).toBe(
        '15-9080, 4\nNOPE-1, 1\n159080',
      ),
    );
    const calls = server.callsTo('POST /api/quick-order/resolve');
    expect(calls).toHaveLength(1);
    const sent = (calls[0]?.init?.body as FormData).get('file') as File;
    expect(sent.name).toBe('order.csv');
  });

  it('says when an uploaded file is refused', async () => {
    mockApi({ 'POST /api/quick-order/resolve': () => problemResponse(400, 'Bad Request', t.notText) });
    renderWithProviders(<QuickOrderPage />);
    pickFiles(screen.getByLabelText(t.uploadLabel), [new File([new Uint8Array([0, 1, 2])], 'x.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe(t.notText);
  });
});

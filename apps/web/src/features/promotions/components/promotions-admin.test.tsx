import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promotionsTexts, type Promotion } from '@pitstop/core/promotions';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { PromotionsAdmin } from './promotions-admin';

const spring: Promotion = {
  _id: '11111111-1111-4111-8111-111111111111',
  code: 'SPRING10',
  kind: 'percent',
  percentOff: 10,
  amountOff: null,
  brands: [],
  categories: ['brake-pads'],
  minOrder: 30,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  totalLimit: 50,
  perCustomerLimit: 1,
  active: true,
  uses: 3,
  revenue: 412.5,
  discounted: 41.25,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function problem(errors: { field: string; message: string }[]) {
  return problemResponse(409, 'Conflict', 'refused', errors);
}

describe('Admin → Promotions', () => {
  it('lists codes with offer, scope, uses of the limit and revenue; checks the form; shows the server’s refusal under its field', async () => {
    let items = [spring];
    const api = mockApi({
      'GET /api/admin/promotions': () => jsonResponse({ items }),
      'POST /api/admin/promotions': (_url, init) => {
        const body = jsonBodyOf(init) as { code: string };
        if (body.code === 'SPRING10') {
          return problem([{ field: 'code', message: promotionsTexts.codeTaken }]);
        }
        const created = {
          ...spring,
          _id: '22222222-2222-4222-8222-222222222222',
          code: body.code,
          uses: 0,
          revenue: 0,
        };
        items = [created, ...items];
        return jsonResponse(created, { status: 201 });
      },
    });
    renderWithProviders(<PromotionsAdmin />);
    const row = (await screen.findByRole('rowheader', { name: 'SPRING10' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['10% off, min. $30.00', 'Brake pads', 'Active', '3 of 50', '$412.50']);

    // Nothing typed: the shared schema's words, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.add }));
    const code = screen.getByLabelText(promotionsTexts.code);
    await waitFor(() => expect(errorTextFor(code)).toBe(promotionsTexts.codeRequired));
    // A code but no percent: the percent is asked for.
    fireEvent.change(code, { target: { value: 'SPRING10' } });
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.add }));
    await waitFor(() =>
      expect(errorTextFor(screen.getByLabelText(promotionsTexts.percentOff))).toBe(
        promotionsTexts.percentRange,
      ),
    );
    expect(api.callsTo('POST /api/admin/promotions')).toHaveLength(0);

    // A code taken: the server's 409 under the field.
    fireEvent.change(code, { target: { value: 'SPRING10' } });
    fireEvent.change(screen.getByLabelText(promotionsTexts.percentOff), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.add }));
    await waitFor(() => expect(errorTextFor(code)).toBe(promotionsTexts.codeTaken));

    fireEvent.change(code, { target: { value: 'SUMMER15' } });
    fireEvent.click(screen.getByRole('button', { name: promotionsTexts.add }));
    expect(await screen.findByText(promotionsTexts.added('SUMMER15'))).toBeTruthy();
    expect(jsonBodyOf(api.callsTo('POST /api/admin/promotions')[1]?.init)).toMatchObject({
      code: 'SUMMER15',
      kind: 'percent',
      percentOff: 15,
      amountOff: null,
      minOrder: 0,
      totalLimit: null,
      active: true,
    });
    expect(await screen.findByRole('rowheader', { name: 'SUMMER15' })).toBeTruthy();
  });
});

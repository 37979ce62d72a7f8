import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { oneClickTexts } from '@pitstop/core/one-click';
import { savedCardTexts, type SavedCards } from '@pitstop/core/saved-cards';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, mockConfirm } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { SavedCardsSection } from './saved-cards-section';

const VISA = {
  id: '10000000-0000-4000-8000-000000000001',
  provider: 'sandbox' as const,
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2031,
};
const MASTERCARD = {
  ...VISA,
  id: '10000000-0000-4000-8000-000000000002',
  brand: 'mastercard',
  last4: '4444',
};

function cardsOf(overrides: Partial<SavedCards> = {}): SavedCards {
  return { cards: [VISA, MASTERCARD], oneClickEnabled: true, oneClickReady: true, ...overrides };
}

function renderSection(routes: Parameters<typeof mockApi>[0] = {}, initial = cardsOf()) {
  window.localStorage.setItem('accessToken', 'rider-key');
  let current = initial;
  const api = mockApi({
    'GET /api/cards': () => jsonResponse(current),
    ...routes,
  });
  renderWithProviders(<SavedCardsSection />);
  return {
    api,
    serve: (next: SavedCards) => {
      current = next;
    },
  };
}

const section = () => screen.getByRole('region', { name: savedCardTexts.heading });

describe('SavedCardsSection', () => {
  it('lists each card as brand, last four and expiry, with a Remove named after it', async () => {
    renderSection();

    const list = await screen.findByRole('list', { name: savedCardTexts.heading });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Visa ending in 4242Expires 04/31Remove',
      'Mastercard ending in 4444Expires 04/31Remove',
    ]);
    expect(within(items[1]!).getByRole('button', { name: 'Remove Mastercard ending in 4444' })).toBeTruthy();
  });

  it('says there are none, and how to save one', async () => {
    renderSection({}, cardsOf({ cards: [], oneClickReady: false }));
    expect(await screen.findByText(savedCardTexts.none)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('removes a card only after the confirm, and says so', async () => {
    const { api, serve } = renderSection({
      [`DELETE /api/cards/${VISA.id}`]: () => new Response(null, { status: 204 }),
    });
    const remove = await screen.findByRole('button', { name: 'Remove Visa ending in 4242' });

    const confirm = mockConfirm(false, true);
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(savedCardTexts.confirmRemove);
    expect(api.callsTo(`DELETE /api/cards/${VISA.id}`)).toHaveLength(0);

    serve(cardsOf({ cards: [MASTERCARD] }));
    fireEvent.click(remove);

    await waitFor(() =>
      expect(within(section()).getByRole('status').textContent).toBe(savedCardTexts.removed),
    );
    expect(api.callsTo(`DELETE /api/cards/${VISA.id}`)).toHaveLength(1);
    expect(screen.queryByText('Visa ending in 4242')).toBeNull();
    expect(screen.getByText('Mastercard ending in 4444')).toBeTruthy();
  });

  it('turns 1-Click off and on with the switch, which carries its help text', async () => {
    const { api, serve } = renderSection({
      'PUT /api/me/one-click': (_url, init) => {
        const { enabled } = jsonBodyOf(init) as { enabled: boolean };
        const next = cardsOf({ oneClickEnabled: enabled, oneClickReady: enabled });
        serve(next);
        return jsonResponse(next);
      },
    });
    const toggle = (await screen.findByRole('checkbox', { name: oneClickTexts.toggle })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      oneClickTexts.toggleHelp,
    );

    fireEvent.click(toggle);

    await waitFor(() =>
      expect(within(section()).getByRole('status').textContent).toBe(oneClickTexts.turnedOff),
    );
    expect(toggle.checked).toBe(false);
    expect(jsonBodyOf(api.callsTo('PUT /api/me/one-click')[0]?.init)).toEqual({ enabled: false });

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(within(section()).getByRole('status').textContent).toBe(oneClickTexts.turnedOn),
    );
    expect(toggle.checked).toBe(true);
  });

  it('adds a test card with the sandbox form: field errors under the fields, then the card in the list', async () => {
    let attempts = 0;
    const { api, serve } = renderSection(
      {
        'POST /api/cards/sandbox': () => {
          attempts += 1;
          if (attempts === 1) {
            return new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Bad Request',
                status: 400,
                detail: 'Your card number is invalid.',
                errors: [{ field: 'number', message: 'Your card number is invalid.' }],
              }),
              { status: 400, headers: { 'content-type': 'application/problem+json' } },
            );
          }
          serve(cardsOf({ cards: [VISA] }));
          return jsonResponse(VISA, { status: 201 });
        },
      },
      cardsOf({ cards: [], oneClickReady: false }),
    );
    fireEvent.click(await screen.findByRole('button', { name: savedCardTexts.add }));
    const form = screen.getByRole('form', { name: savedCardTexts.add });
    const number = within(form).getByLabelText('Card number') as HTMLInputElement;

    // The form's own rules first: nothing is sent.
    fireEvent.click(within(form).getByRole('button', { name: savedCardTexts.saveCard }));
    await waitFor(() => expect(errorTextFor(number)).toBe('Your card number is invalid.'));
    expect(api.callsTo('POST /api/cards/sandbox')).toHaveLength(0);

    fireEvent.change(number, { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '1240' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    // The server refuses it once (its own rules), under the field.
    fireEvent.click(within(form).getByRole('button', { name: savedCardTexts.saveCard }));
    await waitFor(() => expect(api.callsTo('POST /api/cards/sandbox')).toHaveLength(1));
    await waitFor(() => expect(errorTextFor(number)).toBe('Your card number is invalid.'));

    fireEvent.click(within(form).getByRole('button', { name: savedCardTexts.saveCard }));

    await waitFor(() => expect(within(section()).getByRole('status').textContent).toBe(savedCardTexts.saved));
    expect(jsonBodyOf(api.callsTo('POST /api/cards/sandbox')[1]?.init)).toEqual({
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(screen.queryByRole('form', { name: savedCardTexts.add })).toBeNull();
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
  });

  it('offers a retry when the cards cannot be loaded', async () => {
    renderSection({ 'GET /api/cards': () => problemResponse(500, 'Server Error', 'boom') });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});

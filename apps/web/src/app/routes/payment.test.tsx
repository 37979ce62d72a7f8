import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@pitstop/core/messages';
import type { PaymentInfo } from '@pitstop/core/payments';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { SANDBOX_NOTE } from '@/features/payments/components/payment-checkout';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf, typeInto } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { PaymentRoute } from './payment';

const ORDER_ID = '10000000-0000-4000-8000-000000000042';
const INFO = `GET /api/payment/${ORDER_ID}`;
const INTENT = 'POST /api/create-payment-intent';
const CONFIRM = 'POST /api/payments/sandbox/confirm';
const PATCH = `PATCH /api/payment/${ORDER_ID}`;
const SECRET = 'pi_sandbox_123_secret_abc';
const TRANSACTION = 'pi_sandbox_123';

type Routes = Parameters<typeof mockApi>[0];

function paymentInfo(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
  return {
    orderId: ORDER_ID,
    name: 'Yamaha FZ Brake Pads',
    price: 65.97,
    quantity: 3,
    paid: false,
    transactionId: null,
    provider: 'sandbox',
    publishableKey: null,
    ...overrides,
  };
}

function renderPayment(routes: Routes = {}, info: PaymentInfo = paymentInfo()) {
  window.localStorage.setItem('accessToken', 'rider-key');
  const api = mockApi({
    [INFO]: () => jsonResponse(info),
    [INTENT]: () => jsonResponse({ clientSecret: SECRET }),
    ...routes,
  });
  const result = renderWithProviders(<PaymentRoute />, {
    route: `/payment/${ORDER_ID}`,
    path: '/payment/:id',
    routes: <Route path="/order" element={<h1>My Orders</h1>} />,
  });
  return { api, ...result };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const payButton = () => screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;

function fillCard(number = '4242 4242 4242 4242') {
  typeInto(field('Card number'), number);
  typeInto(field('Expiry (MM/YY)'), '12/40');
  typeInto(field('CVC'), '123');
}

describe('PaymentRoute', () => {
  it('shows what is paid for, the test-mode note and the card fields', async () => {
    renderPayment();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for Yamaha FZ Brake Pads' }),
    ).toBeTruthy();
    expect(screen.getByText('Amount:').textContent).toContain('$65.97');
    expect(screen.getByRole('note').textContent).toBe(SANDBOX_NOTE);
    expect(field('Card number').getAttribute('autocomplete')).toBe('cc-number');
    expect(field('Card number').getAttribute('inputmode')).toBe('numeric');
    expect(field('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(field('CVC').getAttribute('autocomplete')).toBe('cc-csc');
  });

  it('keeps Pay disabled until the client secret has arrived, and asks for it once', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { api } = renderPayment({
      [INTENT]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByRole('heading', { level: 1 });
    fillCard();

    await waitFor(() => expect(api.callsTo(INTENT)).toHaveLength(1));
    expect(payButton().disabled).toBe(true);
    expect(jsonBodyOf(api.callsTo(INTENT)[0]?.init)).toEqual({ orderId: ORDER_ID });

    answer(jsonResponse({ clientSecret: SECRET }));

    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(api.callsTo(INTENT)).toHaveLength(1);
  });

  it('pays: confirms the card, records the payment, then shows the message and transaction id', async () => {
    const { api, queryClient } = renderPayment({
      [CONFIRM]: () => jsonResponse({ status: 'succeeded', transactionId: TRANSACTION }),
      [PATCH]: () => jsonResponse({ modifiedCount: 1 }),
    });
    queryClient.setQueryData(ordersKeys.mine('rider@pitstop.com'), []);
    await screen.findByRole('heading', { level: 1 });
    fillCard('4242424242424242');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    const status = await screen.findByText(messages.paymentCompleted, { normalizer: (text) => text });
    // Verbatim, both spaces included.
    expect(status.textContent).toBe('Congrats!  payment is completed.');
    expect(screen.getByText(TRANSACTION)).toBeTruthy();
    expect(screen.getByText(/Transaction id:/).textContent).toBe(`Transaction id: ${TRANSACTION}`);
    const [confirm] = api.callsTo(CONFIRM);
    expect(jsonBodyOf(confirm?.init)).toEqual({
      clientSecret: SECRET,
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    const [patch] = api.callsTo(PATCH);
    expect(jsonBodyOf(patch?.init)).toEqual({ order: ORDER_ID, transactionId: TRANSACTION });
    expect(authorizationOf(patch?.init)).toBe('Bearer rider-key');
    expect(queryClient.getQueryState(ordersKeys.mine('rider@pitstop.com'))?.isInvalidated).toBe(true);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // Card data stays out of every cache.
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('4242');
    expect(
      JSON.stringify(
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ),
    ).not.toContain('4242');
  });

  it('shows a decline in red and keeps the form usable', async () => {
    const { api } = renderPayment({
      // As the API answers it: the detail, and the same text as a field error on the number.
      [CONFIRM]: () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Payment Required',
            status: 402,
            detail: 'Your card was declined.',
            errors: [{ field: 'number', message: 'Your card was declined.' }],
          },
          { status: 402, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    await screen.findByRole('heading', { level: 1 });
    fillCard('4000 0000 0000 0002');
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-red-700');
    expect(errorTextFor(field('Card number'))).toBeNull();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(field('Card number').value).toBe('4000 0000 0000 0002');
    expect(screen.queryByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeNull();
  });

  it('shows the card messages under their fields and sends nothing', async () => {
    const { api } = renderPayment();
    await screen.findByRole('heading', { level: 1 });
    typeInto(field('Card number'), '4242 4242 4242 4241');
    typeInto(field('Expiry (MM/YY)'), '1');
    typeInto(field('CVC'), '1');
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    await waitFor(() => expect(errorTextFor(field('Card number'))).toBe('Your card number is invalid.'));
    expect(errorTextFor(field('Expiry (MM/YY)'))).toBe('Your card’s expiration date is incomplete.');
    expect(errorTextFor(field('CVC'))).toBe('Your card’s security code is incomplete.');

    typeInto(field('Expiry (MM/YY)'), '01/20');
    await waitFor(() =>
      expect(errorTextFor(field('Expiry (MM/YY)'))).toBe('Your card’s expiration date is in the past.'),
    );
    expect(api.callsTo(CONFIRM)).toHaveLength(0);
  });

  it('puts the sandbox field errors (400) under the right field', async () => {
    renderPayment({
      [CONFIRM]: () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            errors: [{ field: 'cvc', message: 'Your card’s security code is incorrect.' }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    await screen.findByRole('heading', { level: 1 });
    fillCard();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    await waitFor(() => expect(errorTextFor(field('CVC'))).toBe('Your card’s security code is incorrect.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a paid order as Paid with its transaction id, and asks for no intent', async () => {
    const { api } = renderPayment({}, paymentInfo({ paid: true, transactionId: TRANSACTION }));

    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByText(TRANSACTION)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/order');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(api.callsTo(INTENT)).toHaveLength(0);
  });

  it('says Stripe card payments are not available yet', async () => {
    const { api } = renderPayment({}, paymentInfo({ provider: 'stripe', publishableKey: 'pk_test_1' }));

    expect(
      await screen.findByText('Card payments by Stripe are not available in this build yet.'),
    ).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(api.callsTo(INTENT)).toHaveLength(0);
  });

  it('says so when the order is not found', async () => {
    renderPayment({ [INFO]: () => problemResponse(404, 'Not Found', 'No such order') });

    expect(await screen.findByRole('heading', { name: 'We could not find that order.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/order');
  });
});

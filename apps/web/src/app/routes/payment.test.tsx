import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, orderTexts } from '@pitstop/core/messages';
import { oneClickTexts } from '@pitstop/core/one-click';
import type { PaymentInfo } from '@pitstop/core/payments';
import { savedCardTexts } from '@pitstop/core/saved-cards';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { ordersKeys } from '@/features/orders/api/orders-query-keys';
import { paymentsKeys } from '@/features/payments/api/payments-query-keys';
import { SANDBOX_NOTE } from '@/features/payments/components/payment-checkout';
import { authorizationOf, mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { PaymentRoute } from './payment';

/*
 * Stripe, faked: no network. loadStripe answers what a test tells it to; <Elements> hands its
 * children the Stripe instance (and an elements object) once the stripe promise resolves, as
 * the real one does, so useStripe()/useElements() are null until then.
 */
const stripeFake = vi.hoisted(() => ({
  loadStripe: vi.fn<(key: string) => Promise<unknown>>(),
  confirmCardPayment: vi.fn<(clientSecret: string, data: unknown) => Promise<unknown>>(),
  /** What elements.getElement(CardElement) answers: Stripe's card element instance. */
  card: { elementType: 'card' },
  /** The props the page gave <CardElement> last. */
  cardProps: {} as Record<string, unknown>,
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeFake.loadStripe }));

vi.mock('@stripe/react-stripe-js', async () => {
  const React = await import('react');
  interface Context {
    stripe: unknown;
    elements: { getElement: (component: unknown) => unknown } | null;
  }
  const StripeContext = React.createContext<Context>({ stripe: null, elements: null });

  function CardElement(props: Record<string, unknown>) {
    stripeFake.cardProps = props;
    return React.createElement('div', { 'data-testid': 'card-element', className: props.className });
  }

  function Elements({ stripe, children }: { stripe: Promise<unknown>; children: ReactNode }) {
    const [value, setValue] = React.useState<Context>({ stripe: null, elements: null });
    React.useEffect(() => {
      let active = true;
      void Promise.resolve(stripe).then((instance) => {
        if (active && instance) {
          setValue({
            stripe: instance,
            elements: { getElement: (component) => (component === CardElement ? stripeFake.card : null) },
          });
        }
      });
      return () => {
        active = false;
      };
    }, [stripe]);
    return React.createElement(StripeContext.Provider, { value }, children);
  }

  return {
    CardElement,
    Elements,
    useStripe: () => React.useContext(StripeContext).stripe,
    useElements: () => React.useContext(StripeContext).elements,
  };
});

const fakeStripe = { confirmCardPayment: stripeFake.confirmCardPayment };

beforeEach(() => {
  stripeFake.loadStripe.mockReset().mockResolvedValue(fakeStripe);
  stripeFake.confirmCardPayment.mockReset();
  stripeFake.cardProps = {};
});

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

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
    orderNumber: 'PS-10482',
    name: 'Yamaha FZ Brake Pads',
    price: 65.97,
    quantity: 3,
    lines: [
      {
        lineId: 'l',
        partId: null,
        partNumber: null,
        name: 'Yamaha FZ Brake Pads',
        unitPrice: 21.99,
        quantity: 3,
        total: 65.97,
      },
    ],
    subtotal: 65.97,
    tax: 0,
    paid: false,
    transactionId: null,
    address: {
      name: 'Asha Rider',
      street: '500 Howard St',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      phone: '(415) 555-0134',
    },
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
  fireEvent.change(field('Card number'), { target: { value: number } });
  fireEvent.change(field('Expiry (MM/YY)'), { target: { value: '12/40' } });
  fireEvent.change(field('CVC'), { target: { value: '123' } });
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
    // The sandbox never loads Stripe.
    expect(stripeFake.loadStripe).not.toHaveBeenCalled();
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
    // The order, as its receipt tells it: number, lines, tax, total, address, what happens next,
    // and its page. The focus is on the new heading, where the card form was.
    const heading = screen.getByRole('heading', { level: 1, name: 'Order PS-10482 is paid' });
    expect(heading.textContent).toBe(receiptTexts.isPaid('PS-10482'));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const lines = screen.getByRole('table', { name: 'Order lines' });
    expect(within(lines).getByRole('rowheader', { name: 'Yamaha FZ Brake Pads × 3' })).toBeTruthy();
    expect(within(lines).getByRole('row', { name: /Sales tax/ }).textContent).toContain('$0.00');
    expect(within(lines).getByRole('row', { name: /Total/ }).textContent).toContain('$65.97');
    expect(screen.getByRole('heading', { name: receiptTexts.deliveryHeading })).toBeTruthy();
    expect(screen.getByText(/500 Howard St/).textContent).toContain('San Francisco, CA 94105');
    expect(screen.getByText(receiptTexts.whatNext)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order PS-10482' }).getAttribute('href')).toBe(
      '/order/PS-10482',
    );
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

  it('says the charge goes back, and offers no Finish payment, when the order was cancelled as it was paid', async () => {
    renderPayment(
      {
        [CONFIRM]: () => jsonResponse({ status: 'succeeded', transactionId: TRANSACTION }),
        [PATCH]: () => problemResponse(409, 'Conflict', orderTexts.paidAfterCancel(true)),
      },
      paymentInfo({ status: 'unpaid', expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/We hold these parts/)).toBeTruthy();
    fillCard('4242424242424242');
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(orderTexts.paidAfterCancel(true));
    expect(screen.queryByRole('button', { name: 'Finish payment' })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeNull();
    // The parts are no longer held: the hold notice goes, and the way on is My Orders.
    expect(screen.queryByText(/We hold these parts/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
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
    fireEvent.change(field('Card number'), { target: { value: '4242 4242 4242 4241' } });
    fireEvent.change(field('Expiry (MM/YY)'), { target: { value: '1' } });
    fireEvent.change(field('CVC'), { target: { value: '1' } });
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    await waitFor(() => expect(errorTextFor(field('Card number'))).toBe('Your card number is invalid.'));
    expect(errorTextFor(field('Expiry (MM/YY)'))).toBe('Your card’s expiration date is incomplete.');
    expect(errorTextFor(field('CVC'))).toBe('Your card’s security code is incomplete.');

    fireEvent.change(field('Expiry (MM/YY)'), { target: { value: '01/20' } });
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

  it('shows a paid order as paid, with its transaction id and its page, and asks for no intent', async () => {
    const { api } = renderPayment(
      {},
      paymentInfo({ paid: true, transactionId: TRANSACTION, status: 'paid' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Order PS-10482 is paid' })).toBeTruthy();
    expect(screen.getByText(TRANSACTION)).toBeTruthy();
    // The spec's message is for the moment of paying, not for a visit afterwards.
    expect(screen.queryByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeNull();
    expect(screen.getByText(receiptTexts.whatNext)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View order PS-10482' }).getAttribute('href')).toBe(
      '/order/PS-10482',
    );
    expect(screen.getByRole('link', { name: 'Go to My Orders' }).getAttribute('href')).toBe('/order');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(api.callsTo(INTENT)).toHaveLength(0);
  });

  it('says until when the parts are held', async () => {
    const deadline = new Date(Date.UTC(2026, 10, 23, 15, 4));
    renderPayment({}, paymentInfo({ status: 'unpaid', expiresAt: deadline.toISOString() }));
    const clock = deadline.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(
      await screen.findByText(
        `We hold these parts for you until ${clock}. Pay before then, or they go back on sale.`,
      ),
    ).toBeTruthy();
  });

  it('offers no payment for a cancelled order, and says why', async () => {
    const { api } = renderPayment({}, paymentInfo({ status: 'cancelled', expiresAt: null }));
    expect((await screen.findByRole('alert')).textContent).toBe(orderTexts.cancelled);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(api.callsTo(INTENT)).toHaveLength(0);
  });

  it('shows every line of an order of several parts, with the subtotal, the tax and the total', async () => {
    renderPayment(
      {},
      paymentInfo({
        name: 'Brake pads',
        quantity: 2,
        lines: [
          {
            lineId: 'l',
            partId: null,
            partNumber: null,
            name: 'Brake pads',
            unitPrice: 21.99,
            quantity: 2,
            total: 43.98,
          },
          {
            lineId: 'l',
            partId: null,
            partNumber: null,
            name: 'Chain kit',
            unitPrice: 89.5,
            quantity: 1,
            total: 89.5,
          },
          {
            lineId: 'l',
            partId: null,
            partNumber: null,
            name: 'Sprocket',
            unitPrice: 30,
            quantity: 1,
            total: 30,
          },
        ],
        subtotal: 163.48,
        tax: 11.85,
        price: 175.33,
      }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for your order of 3 parts' }),
    ).toBeTruthy();
    expect(screen.getByText('Amount:').textContent).toBe('Amount: $175.33(4 items)');
    const lines = screen.getByRole('table', { name: 'Order lines' });
    const rows = within(lines)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
    expect(rows.slice(1)).toEqual([
      ['Brake pads × 2', '$43.98'],
      ['Chain kit × 1', '$89.50'],
      ['Sprocket × 1', '$30.00'],
      ['Subtotal', '$163.48'],
      ['Sales tax', '$11.85'],
      ['Shipping', 'Free'],
    ]);
    expect(field('Card number')).toBeTruthy();
  });

  it('keeps the one-part page as it was: the part in the heading and no breakdown', async () => {
    renderPayment();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for Yamaha FZ Brake Pads' }),
    ).toBeTruthy();
    expect(screen.getByText('Amount:').textContent).toBe('Amount: $65.97(3 items)');
    expect(screen.queryByRole('table', { name: 'Order lines' })).toBeNull();
  });

  it('says so when the order is not found', async () => {
    renderPayment({ [INFO]: () => problemResponse(404, 'Not Found', 'No such order') });

    expect(await screen.findByRole('heading', { name: 'We could not find that order.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe('/order');
  });
});

describe('PaymentRoute with Stripe', () => {
  // Stripe.js is loaded once per publishable key, so each test has its own key.
  let keys = 0;
  function stripeInfo(overrides: Partial<PaymentInfo> = {}): PaymentInfo {
    keys += 1;
    return paymentInfo({ provider: 'stripe', publishableKey: `pk_test_${keys}`, ...overrides });
  }

  const STRIPE_TRANSACTION = 'pi_3StripeIntent42';
  const cardGroup = () => screen.findByRole('group', { name: 'Card details' });

  it('keeps Pay disabled until Stripe is ready and the client secret has arrived', async () => {
    const stripe = deferred<unknown>();
    stripeFake.loadStripe.mockReturnValue(stripe.promise);
    let answer: (response: Response) => void = () => undefined;
    const info = stripeInfo();
    const { api, queryClient } = renderPayment(
      { [INTENT]: () => new Promise<Response>((resolve) => (answer = resolve)) },
      info,
    );

    expect(within(await cardGroup()).getByTestId('card-element')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    expect(payButton().disabled).toBe(true);
    expect(stripeFake.loadStripe).toHaveBeenCalledWith(info.publishableKey);
    await waitFor(() => expect(api.callsTo(INTENT)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(INTENT)[0]?.init)).toEqual({ orderId: ORDER_ID });

    // The secret alone is not enough…
    answer(jsonResponse({ clientSecret: SECRET }));
    await waitFor(() => expect(queryClient.getQueryData(paymentsKeys.intent(ORDER_ID))).toBeTruthy());
    expect(payButton().disabled).toBe(true);

    // …Stripe has to be ready too.
    stripe.resolve(fakeStripe);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(stripeFake.loadStripe).toHaveBeenCalledTimes(1);
    expect(api.callsTo(INTENT)).toHaveLength(1);
  });

  it('pays: confirms the card with the part name, records the intent, then shows the message and id', async () => {
    stripeFake.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: STRIPE_TRANSACTION, status: 'succeeded' },
    });
    const { api, queryClient } = renderPayment(
      { [PATCH]: () => jsonResponse({ modifiedCount: 1 }) },
      stripeInfo(),
    );
    queryClient.setQueryData(ordersKeys.mine('rider@pitstop.com'), []);
    await cardGroup();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    const status = await screen.findByText(messages.paymentCompleted, { normalizer: (text) => text });
    expect(status.textContent).toBe('Congrats!  payment is completed.');
    expect(screen.getByText(/Transaction id:/).textContent).toBe(`Transaction id: ${STRIPE_TRANSACTION}`);
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledTimes(1);
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledWith(SECRET, {
      payment_method: { card: stripeFake.card, billing_details: { name: 'Yamaha FZ Brake Pads' } },
    });
    const [patch] = api.callsTo(PATCH);
    expect(jsonBodyOf(patch?.init)).toEqual({ order: ORDER_ID, transactionId: STRIPE_TRANSACTION });
    expect(authorizationOf(patch?.init)).toBe('Bearer rider-key');
    expect(queryClient.getQueryState(ordersKeys.mine('rider@pitstop.com'))?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('card-element')).toBeNull();
  });

  it("shows Stripe's error in red, and Pay works again afterwards", async () => {
    const confirmation = deferred<unknown>();
    stripeFake.confirmCardPayment.mockReturnValue(confirmation.promise);
    const { api } = renderPayment({}, stripeInfo());
    await cardGroup();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    // Disabled while paying, and the card input with it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Paying…' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Paying…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(stripeFake.cardProps.options).toMatchObject({ disabled: true });

    confirmation.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(alert.className).toContain('text-red-700');
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(stripeFake.cardProps.options).toMatchObject({ disabled: false });
    expect(screen.getByTestId('card-element')).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    expect(screen.queryByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeNull();
  });

  it("shows the card element's own validation message in red", async () => {
    renderPayment({}, stripeInfo());
    await cardGroup();
    const onChange = stripeFake.cardProps.onChange as (event: unknown) => void;

    act(() => onChange({ elementType: 'card', error: { message: 'Your card number is incomplete.' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');

    act(() => onChange({ elementType: 'card', error: undefined }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Finish payment when the charge went through but could not be recorded, without charging again', async () => {
    stripeFake.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: STRIPE_TRANSACTION, status: 'succeeded' },
    });
    let patches = 0;
    renderPayment(
      {
        [PATCH]: () =>
          ++patches === 1
            ? problemResponse(502, 'Bad Gateway', 'Upstream failed')
            : jsonResponse({ modifiedCount: 1 }),
      },
      stripeInfo(),
    );
    await cardGroup();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`transaction id ${STRIPE_TRANSACTION}`);
    fireEvent.click(screen.getByRole('button', { name: 'Finish payment' }));

    expect(await screen.findByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeTruthy();
    expect(patches).toBe(2);
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledTimes(1);
  });

  it('"Save this card" asks for the intent again with saveCard, and Pay waits for it', async () => {
    stripeFake.loadStripe.mockResolvedValue(fakeStripe);
    const { api } = renderPayment(
      {
        [INTENT]: (_url, init) =>
          jsonResponse({
            clientSecret: (jsonBodyOf(init) as { saveCard?: boolean }).saveCard ? 'pi_save_secret' : SECRET,
          }),
      },
      stripeInfo(),
    );
    await cardGroup();
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(screen.getByRole('checkbox', { name: savedCardTexts.saveThisCard }));

    await waitFor(() => expect(api.callsTo(INTENT)).toHaveLength(2));
    expect(jsonBodyOf(api.callsTo(INTENT)[1]?.init)).toEqual({ orderId: ORDER_ID, saveCard: true });
    await waitFor(() => expect(payButton().disabled).toBe(false));
    stripeFake.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Declined.' } });
    fireEvent.click(payButton());
    await screen.findByRole('alert');
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledWith('pi_save_secret', expect.anything());
  });

  it('a 1-Click order the bank wants confirmed: "Confirm with your saved card" confirms the intent as it is', async () => {
    stripeFake.confirmCardPayment.mockResolvedValue({
      paymentIntent: { id: STRIPE_TRANSACTION, status: 'succeeded' },
    });
    window.localStorage.setItem('accessToken', 'rider-key');
    const api = mockApi({
      [INFO]: () => jsonResponse(stripeInfo()),
      [INTENT]: () => jsonResponse({ clientSecret: SECRET }),
      [PATCH]: () => jsonResponse({ modifiedCount: 1 }),
    });
    renderWithProviders(<PaymentRoute />, { route: `/payment/${ORDER_ID}?confirm=1`, path: '/payment/:id' });
    expect(await screen.findByText(oneClickTexts.needsAuthentication)).toBeTruthy();
    const confirm = (await screen.findByRole('button', {
      name: oneClickTexts.confirmWithSavedCard,
    })) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    // The card form stays, for another card (without "Save this card": that one is saved).
    expect(screen.getByText(oneClickTexts.orAnotherCard)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: savedCardTexts.saveThisCard })).toBeNull();

    fireEvent.click(confirm);

    expect(await screen.findByText(messages.paymentCompleted, { normalizer: (text) => text })).toBeTruthy();
    expect(stripeFake.confirmCardPayment).toHaveBeenCalledWith(SECRET);
    expect(jsonBodyOf(api.callsTo(PATCH)[0]?.init)).toEqual({
      order: ORDER_ID,
      transactionId: STRIPE_TRANSACTION,
    });
  });

  it('offers no saved-card confirmation on an ordinary Stripe payment', async () => {
    renderPayment({}, stripeInfo());
    await cardGroup();
    expect(screen.queryByRole('button', { name: oneClickTexts.confirmWithSavedCard })).toBeNull();
  });

  it('says card payments are unavailable when Stripe.js cannot be loaded', async () => {
    stripeFake.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderPayment({}, stripeInfo());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Card payments are unavailable right now. Please try again later.');
    expect(alert.className).toContain('text-red-700');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByTestId('card-element')).toBeNull();
  });

  it('says card payments are unavailable when the server sent no publishable key', async () => {
    const { api } = renderPayment({}, stripeInfo({ publishableKey: null }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Card payments are unavailable right now. Please try again later.',
    );
    expect(stripeFake.loadStripe).not.toHaveBeenCalled();
    expect(api.callsTo(INTENT)).toHaveLength(0);
  });
});

describe('PaymentRoute: saved cards and 1-Click', () => {
  it('sends saveCard with the sandbox card when "Save this card for next time" is ticked', async () => {
    const { api } = renderPayment({
      [CONFIRM]: () => jsonResponse({ status: 'succeeded', transactionId: TRANSACTION }),
      [PATCH]: () => jsonResponse({ modifiedCount: 1 }),
    });
    await screen.findByRole('heading', { level: 1 });
    const save = screen.getByRole('checkbox', { name: savedCardTexts.saveThisCard }) as HTMLInputElement;
    expect(save.checked).toBe(false);
    fillCard();
    fireEvent.click(save);
    await waitFor(() => expect(payButton().disabled).toBe(false));

    fireEvent.click(payButton());

    await screen.findByText(messages.paymentCompleted, { normalizer: (text) => text });
    expect(jsonBodyOf(api.callsTo(CONFIRM)[0]?.init)).toEqual({
      clientSecret: SECRET,
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      saveCard: true,
    });
    // The sandbox's intent is the same either way.
    expect(api.callsTo(INTENT)).toHaveLength(1);
  });

  it('says the bank asks for a confirmation above the card form when a 1-Click order comes with ?confirm=1', async () => {
    window.localStorage.setItem('accessToken', 'rider-key');
    mockApi({
      [INFO]: () => jsonResponse(paymentInfo()),
      [INTENT]: () => jsonResponse({ clientSecret: SECRET }),
    });
    renderWithProviders(<PaymentRoute />, { route: `/payment/${ORDER_ID}?confirm=1`, path: '/payment/:id' });

    const notice = await screen.findByText(oneClickTexts.needsAuthentication);
    const form = screen.getByRole('form', { name: 'Card details' });
    // Above the card form.
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no such notice on an ordinary payment', async () => {
    renderPayment();
    await screen.findByRole('form', { name: 'Card details' });
    expect(screen.queryByText(oneClickTexts.needsAuthentication)).toBeNull();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  customer?: string | null;
  payment_method?: string | null;
  setup_future_usage?: string | null;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  usage: string;
  status: string;
  payment_method: string | null;
}

/** How a saved card answers an off-session charge, as Stripe's test cards do. */
export type FakeCardBehaviour = 'succeeds' | 'declines' | 'authenticates';

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
}

/** The webhook secret test shops and their signed events share. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** A shop's settings to take cards through Stripe, its API answered by the fake at `url`. */
export function stripeEnv(url: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: url,
  };
}

/**
 * A local stand-in for Stripe's PaymentIntents endpoints, enough for the official SDK: create
 * (honouring Idempotency-Key; off-session charges of saved cards answer as their behaviour says),
 * retrieve and cancel; customers, SetupIntents and payment methods (retrieve, list, detach) for
 * saved cards; and refunds of a succeeded intent (whole or in parts,
 * never more than it was, like Stripe).
 * Tests move an intent to succeeded themselves, and set `refuseRefunds` to have Stripe say no.
 */
export async function startStripeFake() {
  const intents = new Map<string, FakeIntent>();
  /** A payment intent's answer by Idempotency-Key: Stripe replays errors too. */
  const byKey = new Map<string, { status: number; body: unknown }>();
  const customers = new Map<
    string,
    { id: string; object: 'customer'; email: string | null; metadata: Record<string, string> }
  >();
  const customersByKey = new Map<string, string>();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const methods = new Map<string, FakePaymentMethod>();
  const behaviours = new Map<string, FakeCardBehaviour>();
  let made = 0;
  const refundsByKey = new Map<string, string>();
  const refunds = new Map<string, FakeRefund>();
  /** The Idempotency-Key each refund was made with, by refund id. */
  const refundKeys = new Map<string, string>();
  const state = { refuseRefunds: undefined as string | undefined };
  let created = 0;
  let seq = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return send(existing.status, existing.body);
        const answer = (status: number, body: unknown) => {
          if (key) byKey.set(key, { status, body });
          return send(status, body);
        };
        const form = new URLSearchParams(raw);
        const id = `pi_fake_${++created}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: String(form.get('currency')),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          description: form.get('description'),
          metadata: { orderId: String(form.get('metadata[orderId]')) },
          customer: form.get('customer'),
          payment_method: form.get('payment_method'),
          setup_future_usage: form.get('setup_future_usage'),
        };
        if (form.get('confirm') === 'true' && form.get('off_session') === 'true') {
          // An off-session charge of a saved card: it must be this customer's, then its behaviour.
          const method = methods.get(String(form.get('payment_method')));
          if (!method || method.customer === null || method.customer !== intent.customer) {
            return answer(400, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'payment_method',
                message: `No such PaymentMethod: '${String(form.get('payment_method'))}'`,
              },
            });
          }
          intents.set(id, intent);
          const behaviour = behaviours.get(method.id) ?? 'succeeds';
          if (behaviour === 'succeeds') {
            intent.status = 'succeeded';
            return answer(200, intent);
          }
          const authenticate = behaviour === 'authenticates';
          // As at Stripe: the attempt failed, the card is set aside (in last_payment_error).
          intent.status = 'requires_payment_method';
          intent.payment_method = null;
          return answer(402, {
            error: {
              type: 'card_error',
              code: authenticate ? 'authentication_required' : 'card_declined',
              message: authenticate ? 'This payment requires authentication.' : 'Your card was declined.',
              payment_intent: { ...intent },
            },
          });
        }
        intents.set(id, intent);
        return answer(200, intent);
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? customersByKey.get(key) : undefined;
        if (existing) return send(200, customers.get(existing));
        const form = new URLSearchParams(raw);
        const customer = {
          id: `cus_fake_${++made}`,
          object: 'customer' as const,
          email: form.get('email'),
          metadata: { userId: String(form.get('metadata[userId]')) },
        };
        customers.set(customer.id, customer);
        if (key) customersByKey.set(key, customer.id);
        return send(200, customer);
      }
      const missing = (what: string) =>
        send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
        });
      if (req.method === 'POST' && url.pathname === '/v1/setup_intents') {
        const form = new URLSearchParams(raw);
        const id = `seti_fake_${++made}`;
        const setup: FakeSetupIntent = {
          id,
          object: 'setup_intent',
          client_secret: `${id}_secret_fake`,
          customer: form.get('customer'),
          usage: String(form.get('usage') ?? 'off_session'),
          status: 'requires_payment_method',
          payment_method: null,
        };
        setupIntents.set(id, setup);
        return send(200, setup);
      }
      const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && setupMatch) {
        const setup = setupIntents.get(decodeURIComponent(setupMatch[1] ?? ''));
        return setup ? send(200, setup) : missing('setup_intent');
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods') {
        const customer = url.searchParams.get('customer');
        const data = [...methods.values()].filter((m) => m.customer !== null && m.customer === customer);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/payment_methods' });
      }
      const detaching = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
      if (req.method === 'POST' && detaching) {
        const method = methods.get(decodeURIComponent(detaching[1] ?? ''));
        if (!method) return missing('payment_method');
        if (method.customer === null) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_method_unexpected_state',
              message:
                'The payment method you provided is not attached to a customer so detachment is impossible.',
            },
          });
        }
        method.customer = null;
        return send(200, method);
      }
      const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && methodMatch) {
        const method = methods.get(decodeURIComponent(methodMatch[1] ?? ''));
        return method ? send(200, method) : missing('payment_method');
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const existing = key ? refundsByKey.get(key) : undefined;
        if (existing) return send(200, refunds.get(existing));
        const form = new URLSearchParams(raw);
        const intent = intents.get(String(form.get('payment_intent')));
        const refuse = (message: string) =>
          send(400, { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message } });
        if (state.refuseRefunds) return refuse(state.refuseRefunds);
        if (!intent) return refuse('No such payment_intent');
        if (intent.status !== 'succeeded') return refuse('This PaymentIntent has not succeeded.');
        // Like Stripe, refunds of one charge may be partial, several, but never more than it.
        const amount = Number(form.get('amount') ?? intent.amount);
        const before = [...refunds.values()]
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + r.amount, 0);
        if (before >= intent.amount) return refuse(`Charge for ${intent.id} has already been refunded.`);
        if (before + amount > intent.amount) {
          return refuse(`Refund amount is greater than the unrefunded amount on charge ${intent.id}.`);
        }
        const refund: FakeRefund = {
          id: `re_fake_${refunds.size + 1}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: { orderId: String(form.get('metadata[orderId]')) },
        };
        refunds.set(refund.id, refund);
        if (key) {
          refundsByKey.set(key, refund.id);
          refundKeys.set(refund.id, key);
        }
        return send(200, refund);
      }
      // Like Stripe: only an intent not yet paid (nor cancelled) can be cancelled.
      const cancelling = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancelling) {
        const intent = intents.get(decodeURIComponent(cancelling[1] ?? ''));
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'POST' && match) {
        // Update: a payment method put (back) on an intent not yet paid.
        const intent = intents.get(decodeURIComponent(match[1] ?? ''));
        if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        const method = new URLSearchParams(raw).get('payment_method');
        if (method) Object.assign(intent, { payment_method: method, status: 'requires_confirmation' });
        return send(200, intent);
      }
      if (req.method === 'GET' && match) {
        const intent = intents.get(decodeURIComponent(match[1] ?? ''));
        return intent
          ? send(200, intent)
          : send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            });
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unknown route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    refundKeys,
    /** A reason Stripe refuses every refund with (undefined: refunds go through). */
    set refuseRefunds(reason: string | undefined) {
      state.refuseRefunds = reason;
    },
    get created() {
      return created;
    },
    customers,
    setupIntents,
    methods,
    /** The Idempotency-Keys payment intents were created with. */
    get intentKeys() {
      return [...byKey.keys()];
    },
    /**
     * A card as Stripe Elements would have made it, attached to `customer` (null: not attached),
     * answering off-session charges as `behaviour` says.
     */
    addCard(
      customer: string | null,
      options: { brand?: string; last4?: string; behaviour?: FakeCardBehaviour } = {},
    ): FakePaymentMethod {
      const method: FakePaymentMethod = {
        id: `pm_fake_${++made}`,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: options.brand ?? 'visa',
          last4: options.last4 ?? '4242',
          exp_month: 12,
          exp_year: 2039,
        },
        customer,
      };
      methods.set(method.id, method);
      behaviours.set(method.id, options.behaviour ?? 'succeeds');
      return method;
    },
    /** How a saved card answers its next off-session charges. */
    behave(paymentMethodId: string, behaviour: FakeCardBehaviour) {
      behaviours.set(paymentMethodId, behaviour);
    },
    /** The customer confirmed a SetupIntent in the browser: a new card, attached to its customer. */
    completeSetup(id: string, options: { brand?: string; last4?: string } = {}): FakeSetupIntent {
      const setup = setupIntents.get(id);
      if (!setup) throw new Error(`no setup intent ${id}`);
      const method = this.addCard(setup.customer, options);
      Object.assign(setup, { status: 'succeeded', payment_method: method.id });
      return setup;
    },
    succeed(id: string, changes: Partial<FakeIntent> = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: 'succeeded' }, changes);
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

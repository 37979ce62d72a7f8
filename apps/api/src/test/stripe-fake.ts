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
}

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
 * (honouring Idempotency-Key), retrieve and cancel; and refunds of a succeeded intent (whole or in parts,
 * never more than it was, like Stripe).
 * Tests move an intent to succeeded themselves, and set `refuseRefunds` to have Stripe say no.
 */
export async function startStripeFake() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
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
        if (existing) return send(200, intents.get(existing));
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
        };
        intents.set(id, intent);
        if (key) byKey.set(key, id);
        return send(200, intent);
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
    succeed(id: string, changes: Partial<FakeIntent> = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: 'succeeded' }, changes);
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
